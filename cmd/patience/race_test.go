//go:build race

package main

// raceEnabled tells the serve tests to do less work under the race
// detector, which makes a rebuild about ten times slower.
const raceEnabled = true
