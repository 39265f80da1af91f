package workpad_test

import (
	"fmt"

	"github.com/sheaproject/shea/workpad"
)

func ExampleSanitizeLine() {
	stderr := "\x1b[31merror:\x1b[0m push rejected\n" +
		"\tremote: https://x-access-token:ghs_0123456789abcdefghijKLMN@github.com/acme/app\n"
	fmt.Println(workpad.SanitizeLine(stderr, 0))
	fmt.Println(workpad.SanitizeLine("0123456789 0123456789 0123456789 0123456789 0123456789 0123456789", 64))
	// Output:
	// error: push rejected remote: https://x-access-token:[REDACTED]@github.com/acme/app
	// 0123456789 0123456789 0123456789 01234567…[truncated 24 bytes]
}

func ExampleMergeRepairFacts() {
	facts := workpad.MergeRepairFacts(workpad.MergeRepair{
		PRRef:            "acme/app#42",
		HeadRefName:      "feature/login",
		ExpectedBase:     "main",
		ConflictSummary:  "CONFLICT (content): Merge conflict in src/lib.rs",
		MechanicalStderr: "error: could not apply 1a2b3c...\nhint: Resolve all conflicts manually",
	})
	for _, name := range workpad.MergeRepairFactNames() {
		fmt.Printf("%s=%s\n", name, facts[name])
	}
	// Output:
	// pr_ref=acme/app#42
	// head_ref_name=feature/login
	// expected_base=main
	// conflict_summary=CONFLICT (content): Merge conflict in src/lib.rs
	// mechanical_stderr=error: could not apply 1a2b3c... hint: Resolve all conflicts manually
}
