// Package satmodel decides deals of the talon family without redeals
// (Royal Cotillion) with a time-indexed SAT model solved by an external
// SAT solver (Debian's cadical), after Dang, Gent, Nightingale,
// Ulrich-Oltean and Waller, "Constraint Models for Klondike" (CP 2025).
// It is an experiment of issue 44: the section "A SAT model" of
// engine/solver/TUNING.md says what it decided. A win it finds counts
// only once its line has been replayed through the engine's Check and
// Apply; a loss only if a second, independent SAT solver (picosat or
// minisat) says UNSAT too. scripts/satsurvey runs it on deals.
//
// # The game
//
// The model takes a game whose piles are foundations (built in suit by a
// fixed sequence of ranks, empty at the start, at most two copies of a
// card), reserve spaces that hold one card, play only to the foundations
// and are refilled at once from the waste, or from the stock while the
// waste is empty; wing columns that play only their exposed card, only
// to the foundations, and are never refilled; a stock and a waste; no
// redeal and no rule of its own (Applies says why a game is not one).
// Every card then moves forward only: a reserve card to a foundation; a
// wing card to a foundation once the cards above it are gone; a talon
// card (the waste's cards bottom first, then the stock's top first: the
// fixed order in which they are turned up) from the stock to the waste,
// then from the waste either to a foundation or, as a refill, to a
// reserve space and from there to a foundation. Each card moves at most
// three times, and reaches a foundation exactly once.
//
// # The model
//
// States t = 0..T, steps t = 0..T-1 between them; T = N, the number of
// cards, for the complete model (BuildSteps takes fewer: then a model is
// still a win, but UNSAT proves nothing). Step t is, in this order: any
// number of deals; then moves to the foundations, in three groups:
//
//  1. cards from the waste, top down: each goes home as soon as it is the
//     waste's top, onto a card that was home at the start of the step or
//     that a card above it in the waste took home in this step;
//  2. cards of the wing's columns, each exposed at the start of the step;
//  3. cards from the reserve spaces, each space refilled at once from the
//     waste's top: the cards refilled in a step lie in the waste right
//     under those of group 1.
//
// Groups 2 and 3 may build on any card of the step (a foundation can rise
// by several cards in a step, played in its order), but nothing of group
// 1 waits for them. Version 1 of the model had at most one card from the
// waste in a step and no card on a card sent home in the same step: a
// deal then needed many more steps, and cadical found no win even on
// deals the search wins in 122 positions (engine/solver/TUNING.md, "A
// SAT model"). Variables, for physical card c, talon index i and
// foundation slot s (the k-th card of a foundation's sequence):
//
//   - H[c][t]: c is on a foundation in state t (none at 0, all at T,
//     monotone). M[c][t] ≡ H[c][t+1] ∧ ¬H[c][t]: c moves in step t.
//     Steps with moves come first.
//   - S[s][t]: slot s is filled in state t (the foundation's height in
//     the order encoding; none at 0, all at T, monotone); S[s][t+1]
//     needs the slot below filled in state t+1. For each card, as many
//     of its copies are home as its slots are filled, in every state:
//     the copies of a card are one card on a foundation, so which copy
//     went where is no choice the solver makes.
//   - a wing card home in state t+1: the card above it home in state t.
//   - U[i][t]: talon card i has been turned after the deals of step t (a
//     prefix of the talon, monotone; the waste's cards at the start are
//     turned). E[i][t]: talon card i has been moved into a reserve space
//     in state t (monotone).
//   - G[t][i] ≡ every card turned in step t at index ≥ i is gone (home
//     or in a reserve space) in state t+1. D[t][i]: talon card i goes
//     home from the waste in step t (M ∧ ¬E[i][t]); then it was turned,
//     G[t][i+1] holds (the cards above it left in the step or before),
//     no card above it is refilled in the step, and each slot of its
//     card filled in the step has the slot below filled in state t, or
//     by a copy of that card at a talon index above i with D.
//   - fill[t][i] ≡ E[i][t+1] ∧ ¬E[i][t]: i is refilled into a space in
//     step t; it was turned, does not go home in the step, and G[t][i+1]
//     holds: the cards refilled in a step are the top of the waste once
//     the cards of group 1 have gone.
//   - Occupancy: in every state, at most as many cards lie in the
//     reserve spaces (reserve cards of the deal not home, talon cards with
//     E not home) as there are spaces, and exactly as many unless the
//     talon is empty (a sequential counter). With the refills from the
//     top, this says that a step refills exactly as many spaces as it
//     empties while the talon has cards, and otherwise all it can.
//   - Canonical deals: the last card dealt in a step leaves the waste in
//     that step.
//
// # Sound
//
// Decode reads a model as the engine's line: for each step, the deals
// up to U's count, then the step's cards, each when it can go, in the
// groups' order: the waste's top if it goes home in the step, else an
// exposed card of the wing, else a card of a reserve space (followed by
// the refill the rules force), each to a foundation whose slot the step
// fills and whose next card it is. The clauses say that this order
// plays: group 1's cards find their foundations ready and the waste
// above them gone; the others wait only on cards of their own
// foundations, in the foundation's order; the reserve spaces empty as
// often as the step refills them (the occupancy), so the refills take
// exactly the cards the model refills. Every move is checked by the
// engine and the last position must be won (solver.Verify), so a SAT
// verdict is a win only if its line plays.
//
// # Complete: UNSAT means lost
//
// Let a winning line of the engine be given. Every card reaches a
// foundation exactly once and no card leaves one, so the line has
// exactly N moves to a foundation; cut it after each one (and the refill
// it forces) into N steps of deals and one move (nothing follows the
// last move: the stock is then empty). Read H, S, E, U off the line,
// with two changes:
//
//  1. A refill from the stock (a reserve card moved while the waste is
//     empty and the stock is not) becomes a deal before the move and a
//     refill from the waste: the card is then the waste's top and the
//     refill takes it, and the position after the step is the same (the
//     moving card came from a space, which a deal does not touch).
//  2. Deals of a step whose last dealt card does not leave the waste in
//     that step move to the next step: if that card stays, so does every
//     card under it, so the step's moves do not touch the waste and find
//     the same position without those deals. Repeated forward, this
//     ends: the talon's cards all leave the waste in some step.
//
// Each step then has one move, the talon and spaces are as the engine
// has them, and every clause holds: a step of one move has one card in
// its groups (a card from the waste is its top, onto a card home before
// the step, with nothing refilled: no space emptied); the occupancy
// holds because the rules refill a space at once while the talon has a
// card. So every winning line gives a model: no model means no win. The
// clauses of version 2 only allow more than those of version 1 (several
// cards a step), which this reading satisfied too.
// The bound is exact: N steps of one move each hold any winning
// line, and the deals between moves are not bounded (at most the talon
// in all). TestLineIsModel checks this on the solver's wins (each read
// as above satisfies every clause), and Assign is that reading.
package satmodel
