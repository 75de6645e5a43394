// Package satmodel decides deals of the talon family (Royal Cotillion,
// and Odd and Even with its redeal) with a time-indexed SAT model solved
// by an external SAT solver (Debian's cadical), after Dang, Gent,
// Nightingale, Ulrich-Oltean and Waller, "Constraint Models for
// Klondike" (CP 2025).
// It is an experiment of issue 44: the section "A SAT model" of
// engine/solver/TUNING.md says what it decided. A win it finds counts
// only once its line has been replayed through the engine's Check and
// Apply; a loss only if a second, independent SAT solver (picosat or
// minisat) says UNSAT too, or, where the deciding solver logs the lemmas
// it learns (clasp), once CheckRUP (rup.go, code of this package's own)
// has checked them as a refutation of the formula. scripts/satsurvey
// runs it on deals.
//
// # The game
//
// The model takes a game whose piles are foundations (built in suit by a
// fixed sequence of ranks, empty at the start, at most two copies of a
// card), reserve spaces that hold one card, play only to the foundations
// and are refilled at once from the waste, or from the stock while the
// waste is empty; wing columns that play only their exposed card, only
// to the foundations, and are never refilled; a stock and a waste; no
// rule of its own; and R ≥ 0 redeals, each of which turns the waste over
// to be the stock again (R = 0 in Royal Cotillion, 1 in Odd and Even and
// Picture Patience, 2 in Captured Queens; Applies says why a game is not
// one). Every card then moves forward only, but for the redeals: a
// reserve card to a foundation; a wing card to a foundation once the
// cards above it are gone; a talon card (the waste's cards bottom first,
// then the stock's top first: the fixed order in which they are turned
// up) from the stock to the waste, then from the waste either to a
// foundation, or, as a refill, to a reserve space and from there to a
// foundation, or, at a redeal, back to the stock, to be dealt again in
// the next pass. Turning the waste over makes a stock that deals the
// waste's cards in the order in which they were dealt: each pass deals
// the cards still in the talon in the first pass's order. Each card
// moves at most 2R+3 times (R+1 deals, R redeals, a refill, home: 5 in
// Odd and Even), and reaches a foundation exactly once.
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
//   - The chain: the talon's L indices once a pass, with a redeal
//     between passes (element elem(p, i) is talon card i in pass p,
//     redealAt(p) the redeal that starts pass p). U[k][t]: chain element
//     k has been dealt after the deals of step t (a prefix of the chain,
//     monotone, so a redeal comes once every card of its pass is turned,
//     the stock empty; the waste's cards at the start are dealt). A card
//     gone (home or in a space) before a redeal has its elements of the
//     later passes dealt as nothing: it is not in that stock. pass[t][p]:
//     the deals of step t are in pass p (its redeal dealt, the next not).
//     E[i][t]: talon card i has been moved into a reserve space in state
//     t (monotone). A card home or in a space was turned in pass 0.
//   - G[t][k] ≡ every card dealt in step t at chain element ≥ k is gone
//     in state t+1: home, in a reserve space, or turned over by a redeal
//     of step t after its pass. D[t][k], for k = elem(p, i): talon card i
//     goes home from the waste in step t, in pass p (M ∧ ¬E[i][t] ∧
//     pass[t][p]); then element k was dealt, G[t][k+1] holds (the cards
//     above it left in the step or before), no card above it is refilled
//     in the step, and each slot of its card filled in the step has the
//     slot below filled in state t, or by a copy of that card at a talon
//     index above i in the pass with D.
//   - fill[t][i] ≡ E[i][t+1] ∧ ¬E[i][t]: i is refilled into a space in
//     step t; it does not go home in the step, and in the step's pass p,
//     elem(p, i) was dealt and G[t][elem(p, i)+1] holds: the cards
//     refilled in a step are the top of the waste once the cards of group
//     1 have gone.
//   - Occupancy: in every state, at most as many cards lie in the
//     reserve spaces (reserve cards of the deal not home, talon cards with
//     E not home) as there are spaces, and exactly as many unless the
//     talon is empty (every talon card home or in a space; a sequential
//     counter). With the refills from the top, this says that a step
//     refills exactly as many spaces as it empties while the talon has
//     cards, and otherwise all it can.
//   - Canonical deals: the last card dealt in a step leaves the waste in
//     that step, or a redeal follows it in the step.
//
// # Sound
//
// Decode reads a model as the engine's line: for each step, the deals
// up to U's count (a redeal element is the redeal, unless the waste is
// empty: then every card is gone and the passes left deal nothing; a
// card's element in a later pass deals nothing if the card is home or in
// a space in state t, for then it was gone at the redeal: the clauses
// let a card of a later pass leave the stock only by its deal), then the
// step's cards, each when it can go, in the groups' order: the waste's
// top if it goes home in the step, else an exposed card of the wing,
// else a card of a reserve space (followed by the refill the rules
// force), each to a foundation whose slot the step fills and whose next
// card it is. The clauses say that this order
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
// it forces) into N steps of deals (redeals among them) and one move
// (nothing follows the last move: the game is won). Read H, S, E, U off
// the line: a deal in pass p of talon card i deals the chain up to
// elem(p, i) (the elements skipped are cards gone before the redeal,
// which that stock does not hold), a redeal its element; with two
// changes:
//
//  1. A refill from the stock (a reserve card moved while the waste is
//     empty and the stock is not) becomes a deal before the move and a
//     refill from the waste: the card is then the waste's top and the
//     refill takes it, and the position after the step is the same (the
//     moving card came from a space, which a deal does not touch).
//  2. Deals of a step whose last dealt element is a card that does not
//     leave the waste in that step move to the next step, a redeal among
//     them too: if that card stays, so does every card under it, and no
//     space is emptied (its refill would take that card), so the step's
//     moves are the wing's, do not touch the talon and find the same
//     position without those deals. Repeated forward, this ends: the
//     talon's cards all leave the waste in some step.
//
// Each step then has one move, the talon and spaces are as the engine
// has them, and every clause holds: a step of one move has one card in
// its groups (a card from the waste is its top, dealt in the step's
// pass, onto a card home before the step, with nothing refilled: no
// space emptied; a refill takes the waste's top, dealt in the step's
// pass); the occupancy holds because the rules refill a space at once
// while the talon has a card. So every winning line gives a model: no
// model means no win. The clauses of version 2 only allow more than
// those of version 1 (several cards a step), which this reading
// satisfied too; version 3's redeals leave a game without one as it was.
// The bound is exact: N steps of one move each hold any winning line,
// and the deals and redeals between moves are not bounded (at most the
// chain, (R+1)L + R elements, in all): a card moves at most 2R+3 times,
// but only its move home needs a step of its own, so the time horizon
// T = N holds every line, whatever the redeals. TestLineIsModel checks
// this on the solver's wins (each read as above satisfies every
// clause), Royal Cotillion's, Odd and Even's, Picture Patience's and
// Captured Queens', and Assign is that reading.
//
// # Guided models: a search for wins
//
// Guide fixes the model's first k steps to those of a line that need
// not win (the solver's best line: solver.Result.Best): the cards home
// at the start of each step 0..k, read as Assign reads a line, by unit
// clauses; the rest is left to the SAT solver. A model of the guided
// clauses is a model of the unguided ones, so it is a win once decoded
// and replayed, as any other. UNSAT only says that no win begins with
// those k cards home in that order: Decide counts it as unknown.
// Finding a win is what the unguided model does badly (the solver of
// the SAT track has no sense of which foundation to raise when); a
// prefix of a line that played well takes that choice away for its
// first cards, and UNSAT on a long prefix comes in seconds, so
// satsurvey -guide backs off from the best line's end until a model is
// found or the back-offs are spent (engine/solver/TUNING.md, "Guided by
// the solver's best line").
package satmodel
