#!/bin/sh
# Compares our solver's verdicts on deals of the FreeCell family with
# Freecell Solver's (Debian package freecell-solver-bin), deal by deal.
#
#   [GAME=freecell] scripts/freecell-vs-fcsolve.sh FIRST LAST [BUDGET] [TIMEOUT]
#
# GAME is one of freecell, bakers-game, eight-off, seahaven-towers,
# beleaguered-castle, streets-and-alleys (fc-solve's presets of the same
# names, with underscores). Deals are Windows numbers, msFIRST
# to msLAST. The board fc-solve reads is our own deal (patience deal), its
# cells on a "Freecells:" line, the cards dealt to the foundations (the
# Beleaguered Castle's Aces) on a "Foundations:" line; FreeCell's deals
# equal fc-solve's make-microsoft-freecell-board (engine's
# TestFreeCellMicrosoftDeals). fc-solve runs in the preset's default
# configuration; a loss it reports is checked again with its
# atomic-moves preset crooked-nose, whose verdict is accurate (the
# default meta-moves scan may miss a win: Baker's Game ms276, ms278).
#
# fc-solve is stopped after FCTIMEOUT (default 60s; its verdict is then
# empty): on some Streets and Alleys deals it grows past 6 GB.
#
# One line a deal: the deal, fc-solve's verdict and states checked, ours
# (won, lost, undecided) with positions and time.
set -eu
first=$1 last=$2 budget=${3:-1000000} timeout=${4:-5s}
game=${GAME:-freecell}
preset=$(echo "$game" | tr - _)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/patience" ./cmd/patience
# fcsolve runs fc-solve on the board with the preset and the given
# options: "won STATES", "lost STATES" or " " when stopped by FCTIMEOUT.
fcsolve() {
	timeout "${FCTIMEOUT:-60s}" fc-solve --game "$preset" "$@" "$bin/board" 2>&1 |
		awk '/This game is solveable/ {v="won"} /I could not solve/ {v="lost"} /Total number of states checked/ {s=$NF; sub(/\.$/, "", s)} END {printf "%s %s", v, s}'
}
n=$first
while [ "$n" -le "$last" ]; do
	"$bin/patience" deal "$game" --deal "ms$n" |
		awk '/^c[0-9]+:/ {fc = fc " " ($2 == "" ? "-" : $2)}
		     /^f[0-9]+: ./ {found = found " " substr($NF, 2, 1) "-" substr($NF, 1, 1)}
		     /^t[0-9]+:/ {sub(/^t[0-9]+: ?/, ""); cols = cols $0 "\n"}
		     END {if (found != "") printf "Foundations:%s\n", found
		          if (fc != "") printf "Freecells:%s\n", fc; printf "%s", cols}' >"$bin/board"
	fc=$(fcsolve)
	case $fc in
	# The default configuration's meta-moves may miss a win; the
	# atomic-moves preset crooked-nose gives an accurate verdict (fc-solve's
	# manual): a loss is confirmed by it.
	lost*) fc="$(fcsolve -l crooked-nose) (atomic moves; the default scan: $fc)" ;;
	esac
	ours=$("$bin/patience" solve "$game" --deal "ms$n" --budget "$budget" --timeout "$timeout" 2>&1 | head -1 |
		sed -e "s/^$game deal ms[0-9]*: //" -e "s/^patience solve: $game deal ms[0-9]* is //")
	echo "ms$n fc-solve: $fc | ours: $ours"
	n=$((n + 1))
done
