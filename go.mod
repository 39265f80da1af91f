module github.com/sheaproject/shea

go 1.25.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/osteele/liquid v1.9.2
	github.com/rogpeppe/go-internal v1.16.0
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	github.com/sourcegraph/jsonrpc2 v0.2.3
	github.com/spf13/cobra v1.10.2
	github.com/spf13/pflag v1.0.10
	golang.org/x/mod v0.33.0
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.34.0
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/osteele/tuesday v1.1.1 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/sys v0.41.0 // indirect
	golang.org/x/tools v0.42.0 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
)
