package workflows

import (
	"fmt"

	"github.com/sheaproject/shea/profile"
	"github.com/sheaproject/shea/strict"
)

// future is a result computed on another goroutine.
type future[T any] struct {
	done chan struct{}
	v    T
	err  error
}

// goFuture runs f on a new goroutine; a panic becomes the future's error.
func goFuture[T any](f func() (T, error)) *future[T] {
	fu := &future[T]{done: make(chan struct{})}
	go func() {
		defer close(fu.done)
		defer func() {
			if r := recover(); r != nil {
				fu.err = fmt.Errorf("internal error: %v", r)
			}
		}()
		fu.v, fu.err = f()
	}()
	return fu
}

// get waits for the result.
func (fu *future[T]) get() (T, error) {
	<-fu.done
	return fu.v, fu.err
}

// schemaJobs are the JSON Schema compiles of a load that depend on nothing
// but the profile: the lane inputs' schema, the settings' schema, and for a
// Shea workflow with resources the resource manifest's schema. The lane
// inputs' compile by jsonschema is the slowest step of loading (the
// settings and manifest schemas are only decoded, see quickSchema), so all
// three start as soon as the profile is certain (given, or implied by a
// file under .shea/workflows, before the file is even read; else once its
// settings are parsed) and run while the rest of the load goes on.
type schemaJobs struct {
	profile  string
	lane     *future[*strict.Schema]
	config   *future[*configSchema]
	manifest *future[*configSchema] // nil until startManifest
}

func startSchemaJobs(dialect string) *schemaJobs {
	return &schemaJobs{
		profile: dialect,
		lane:    goFuture(func() (*strict.Schema, error) { return profile.LaneContext(dialect) }),
		config:  goFuture(func() (*configSchema, error) { return profileConfigSchema(dialect) }),
	}
}

// startManifest starts compiling the resource manifest's schema.
func (j *schemaJobs) startManifest() {
	if j.manifest == nil {
		j.manifest = goFuture(manifestSchema)
	}
}

// manifestSchema compiles the resource manifest's schema.
func manifestSchema() (*configSchema, error) {
	return newConfigSchema("https://shea.dev/schemas/resources-manifest.json", mustRead("schemas/resources-manifest.json"))
}

// manifestSchema waits for the manifest's schema, compiling it here when
// it was not started.
func (j *schemaJobs) manifestSchema() (*configSchema, error) {
	if j == nil || j.manifest == nil {
		return manifestSchema()
	}
	return j.manifest.get()
}

// laneBase waits for the lane inputs' schema.
func (j *schemaJobs) laneBase() laneBase {
	s, err := j.lane.get()
	return laneBase{s, err}
}
