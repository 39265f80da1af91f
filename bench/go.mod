module github.com/sheaproject/shea/bench

go 1.25.0

require (
	github.com/osteele/liquid v1.9.2
	github.com/sheaproject/shea v0.0.0
)

require (
	github.com/osteele/tuesday v1.1.1 // indirect
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1 // indirect
	golang.org/x/mod v0.33.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/text v0.34.0 // indirect
	golang.org/x/tools v0.42.0 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
)

replace github.com/sheaproject/shea => ../
