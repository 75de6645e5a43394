#!/bin/sh
# Compares our solver's verdicts on the Microsoft deals of FreeCell (or
# Baker's Game, GAME=bakers-game) with Freecell Solver's (Debian package
# freecell-solver-bin: fc-solve and make-microsoft-freecell-board), deal
# by deal.
#
#   [GAME=bakers-game] scripts/freecell-vs-fcsolve.sh FIRST LAST [BUDGET] [TIMEOUT]
#
# One line a deal: the deal, fc-solve's verdict and states checked, ours
# (won/lost/unknown) with positions and time. fc-solve runs in its default
# configuration (FreeCell rules, runs moved as its limited sequence move).
set -eu
first=$1 last=$2 budget=${3:-1000000} timeout=${4:-5s}
game=${GAME:-freecell}
# fc-solve's name of the game's preset
preset=$(echo "$game" | tr - _)
go build -o /tmp/patience-fc ./cmd/patience
board=$(mktemp)
trap 'rm -f "$board"' EXIT
n=$first
while [ "$n" -le "$last" ]; do
	make-microsoft-freecell-board -t "$n" >"$board"
	fc=$(fc-solve --game "$preset" "$board" 2>&1 | awk '/This game is solveable/ {v="won"} /I could not solve/ {v="lost"} /Total number of states checked/ {s=$NF; sub(/\.$/, "", s)} END {printf "%s %s", v, s}')
	ours=$(/tmp/patience-fc solve "$game" --deal "ms$n" --budget "$budget" --timeout "$timeout" 2>&1 | head -1 |
		sed -e "s/^$game deal ms[0-9]*: //" -e "s/^patience solve: $game deal ms[0-9]* is //")
	echo "ms$n fc-solve: $fc | ours: $ours"
	n=$((n + 1))
done
