package solver

// Version identifies the solver in survey files; it changes when a change
// to the solver could change a verdict (a new pruning rule, a fix).
const Version = "34"
