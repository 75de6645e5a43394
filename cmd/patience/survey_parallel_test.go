package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// TestMain lets the test binary stand for the patience command, for the
// tests that run it from another program (GNU parallel).
func TestMain(m *testing.M) {
	if os.Getenv("PATIENCE_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestSurveyParallelShards runs the recipe of
// content/docs/distributed-surveys.md on this machine: n shards of a
// survey through GNU parallel (--sshlogin : is the local host), then
// "survey merge", and checks that the merged survey has the verdicts and
// node counts of one run over the whole range. The node budget, not the
// clock, ends every search, so the verdicts do not depend on timing.
func TestSurveyParallelShards(t *testing.T) {
	parallel, err := exec.LookPath("parallel")
	if err != nil {
		t.Skip("GNU parallel is not installed (Debian package parallel; .ci/run installs it)")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const game, deals, shards = "captured-queens", "1-24", 4
	budget := []string{"--budget", "20000", "--timeout", "1h"}
	args := []string{"--sshlogin", ":", "--jobs", "2", "--halt", "now,fail=1",
		exe, "survey", game, "--deals", deals, "--jobs", "1", "--shard", "{}/" + strconv.Itoa(shards),
		"--json", filepath.Join(dir, "shard-{}.jsonl")}
	args = append(args, budget...)
	args = append(args, ":::")
	files := []string{"--json", filepath.Join(dir, "merged.jsonl")}
	for i := 1; i <= shards; i++ {
		args = append(args, strconv.Itoa(i))
		files = append(files, filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i)))
	}
	cmd := exec.Command(parallel, args...)
	cmd.Env = append(os.Environ(), "PATIENCE_TEST_MAIN=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel: %v\n%s", err, out)
	}
	if out, errOut, code := runSurveyArgs(t, append([]string{"merge"}, files...)...); code != 0 {
		t.Fatalf("survey merge: exit %d\n%s%s", code, out, errOut)
	}
	one := filepath.Join(dir, "one.jsonl")
	if out, errOut, code := runSurveyArgs(t, append([]string{game, "--deals", deals, "--jobs", "2", "--json", one}, budget...)...); code != 0 {
		t.Fatalf("survey: exit %d\n%s%s", code, out, errOut)
	}
	verdicts := func(path string) map[float64]string {
		m := map[float64]string{}
		for _, l := range readSurveyLines(t, path) {
			if d, ok := l["deal"].(float64); ok {
				m[d] = fmt.Sprint(l["result"], " ", l["nodes"])
			}
		}
		return m
	}
	merged, whole := verdicts(filepath.Join(dir, "merged.jsonl")), verdicts(one)
	if len(whole) != 24 || len(merged) != len(whole) {
		t.Fatalf("%d deals merged, %d in one run, want 24", len(merged), len(whole))
	}
	for d, v := range whole {
		if merged[d] != v {
			t.Errorf("deal %v: %s in one run, %s from the shards", d, v, merged[d])
		}
	}
}
