#!/bin/sh
# Compares our solver with Freecell Solver (Debian package
# freecell-solver-bin) on deals of the FreeCell family, deal by deal and
# side by side: the verdicts, and the time each takes.
#
#   [GAME=freecell] [SURVEY=FILE] scripts/freecell-vs-fcsolve.sh FIRST LAST [BUDGET] [TIMEOUT]
#
# GAME is one of freecell, bakers-game, eight-off, seahaven-towers,
# beleaguered-castle, streets-and-alleys, fan, bakers-dozen (fc-solve's
# presets of the same names, with underscores). Deals are Windows
# numbers, msFIRST to msLAST; below 32000 deal msN is deal N of every one
# of these games (PySolFC uses the Microsoft generator for plain numbers
# below 32000). The board fc-solve reads is our own deal (patience
# deal), its cells on a "Freecells:" line, the cards dealt to the
# foundations (the Beleaguered Castle's Aces) on a "Foundations:" line;
# FreeCell's deals equal fc-solve's make-microsoft-freecell-board
# (engine's TestFreeCellMicrosoftDeals). BUDGET and TIMEOUT are our
# solver's (default 16,000,000 positions and 10 s, the surveys').
#
# Each deal is timed by hyperfine (one run of each program, one after
# the other): the whole process, start to exit, for both. Our search
# alone is the time our solver prints. With SURVEY=FILE (a survey of
# GAME, content/odds/GAME.survey.jsonl) our verdicts, positions and
# search times are read from FILE instead, and only fc-solve runs,
# untimed: a comparison of verdicts.
#
# fc-solve runs in the preset's default configuration, bounded by
# FCITERS states checked (--max-iters, default 3,000,000; its verdict is
# then "unknown", as it is when FCTIMEOUT, default 60s, stops it). A loss
# it reports is checked again with its atomic-moves preset crooked-nose,
# whose verdict is accurate (the default meta-moves scan may miss a win:
# Baker's Game ms276, ms278); the time reported is the default
# configuration's. Both programs are refused more than MEMORY kilobytes
# of address space (ulimit -v, default 8 GB; on some Streets and Alleys
# deals fc-solve grows past 6 GB in a minute). The timed fc-solve runs
# under timeout(1), whose start adds about a millisecond to its time.
# Debian's fc-solve is built for at most 10 stacks: it refuses Fan (18)
# and Baker's Dozen (13), whose lines say "refused". FCSOLVE names
# another fc-solve: scripts/fcsolve-wide.sh builds Debian's source with
# room for 20 stacks.
#
# One line a deal, then a summary (lines starting with "#"):
#   msN fc-solve VERDICT [STATES] MS [atomic VERDICT STATES] | ours VERDICT POSITIONS SEARCH_MS PROCESS_MS
set -eu
first=$1 last=$2 budget=${3:-16000000} timeout=${4:-10s}
game=${GAME:-freecell}
preset=$(echo "$game" | tr - _)
fctimeout=${FCTIMEOUT:-60s} fciters=${FCITERS:-3000000} survey=${SURVEY:-}
ulimit -v "${MEMORY:-8000000}"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
. "$(dirname "$0")/patience-binary.sh"
# verdict reads fc-solve's output: "won STATES", "lost STATES",
# "refused" or "unknown" (stopped: "Iterations count exceeded" comes
# with "I could not solve" in the same output).
verdict() {
	awk '/This game is solveable/ {v="won"} /I could not solve/ && v == "" {v="lost"}
	     /Iterations count exceeded/ {v="stopped"}
	     /exceeds the maximal number of stacks/ {v="refused"}
	     /Total number of states checked/ {s=$NF; sub(/\.$/, "", s)}
	     END {if (v == "" || v == "stopped") v = "unknown"; if (v != "refused" && v != "unknown") v = v " " s; printf "%s", v}' "$@"
}
fcsolve="timeout $fctimeout ${FCSOLVE:-fc-solve} --game $preset -sel --max-iters $fciters"
n=$first
while [ "$n" -le "$last" ]; do
	case $game in
	# fc-solve's own generator gives the same columns, and is quicker to
	# start than ours.
	freecell | bakers-game) make-microsoft-freecell-board -t "$n" >"$bin/board" ;;
	*) "$bin/patience" deal "$game" --deal "ms$n" |
		awk '/^c[0-9]+:/ {fc = fc " " ($2 == "" ? "-" : $2)}
		     /^f[0-9]+: ./ {found = found " " substr($NF, 2, 1) "-" substr($NF, 1, 1)}
		     /^t[0-9]+:/ {sub(/^t[0-9]+: ?/, ""); cols = cols $0 "\n"}
		     END {if (found != "") printf "Foundations:%s\n", found
		          if (fc != "") printf "Freecells:%s\n", fc; printf "%s", cols}' >"$bin/board" ;;
	esac
	if [ -z "$survey" ]; then
		# Both programs' output goes to one file (hyperfine keeps none
		# with --output pipe), fc-solve's first.
		hyperfine -N -i --runs 1 --style none --output inherit --export-json "$bin/times.json" \
			"$fcsolve $bin/board" \
			"$bin/patience solve $game --deal ms$n --budget $budget --timeout $timeout" >"$bin/out" 2>&1
		oursms=$(jq '.results[1].times[0] * 1000 * 10 | round / 10' "$bin/times.json")
		fcms=$(jq '.results[0].times[0] * 1000 * 10 | round / 10' "$bin/times.json")
	else
		$fcsolve "$bin/board" >"$bin/out" 2>&1 || true
		oursms=- fcms=-
	fi
	fc=$(verdict "$bin/out")
	case $fc in
	# The default configuration's meta-moves may miss a win; the
	# atomic-moves preset crooked-nose gives an accurate verdict (fc-solve's
	# manual): a loss is confirmed by it.
	lost*) fc="$fc $fcms atomic $($fcsolve -l crooked-nose "$bin/board" 2>&1 | verdict)" ;;
	*) fc="$fc $fcms" ;;
	esac
	if [ -z "$survey" ]; then
		ours=$(sed -n -e "s/^$game deal ms$n: won in [0-9]* moves (\([0-9]*\) positions, \([0-9.]*\)\([mµ]*s\)).*/won \1 \2\3/p" \
			-e 's/.* is lost: the search exhausted every line (\([0-9]*\) positions, \([0-9.]*\)\([mµ]*s\)).*/lost \1 \2\3/p' \
			-e 's/.* is undecided: the budget ran out after \([0-9]*\) positions, \([0-9.]*\)\([mµ]*s\).*/unknown \1 \2\3/p' "$bin/out" |
			awk '{t = $3; ms = (t ~ /µs$/) ? t / 1000 : (t ~ /ms$/) ? t + 0 : t * 1000; printf "%s %s %s", $1, $2, ms}')
	else
		ours=$(jq -r --argjson n "$n" 'select(.deal == $n) | "\(.result) \(.nodes) \(.ms)"' "$survey" | tail -1)
		[ -n "$ours" ] || ours="missing 0 0"
	fi
	echo "ms$n fc-solve $fc | ours $ours $oursms"
	n=$((n + 1))
done | tee "$bin/lines"
# The summary: the share each decided, the verdicts compared, the
# median and 99th percentile of each time.
awk -v game="$game" '
function pct(a, n, p,   i, j, t) {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	if (p == 50) return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
	i = int(n * p / 100); if (i < n * p / 100) i++
	return a[i]
}
{
	n++
	fv = $3; if ($0 ~ / atomic /) { split($0, x, " atomic "); split(x[2], y, " "); fv = y[1] }
	# The time of fc-solve follows its default verdict (and states).
	fcms = ($3 == "refused" || $3 == "unknown") ? $4 : $5
	split($0, o, " [|] ours "); split(o[2], ov, " ")
	if (fv == "won" || fv == "lost") fcdec++
	if (fv != "refused" && fcms != "-") { fct[++nf] = fcms }
	if (ov[1] == "won" || ov[1] == "lost") odec++
	ost[n] = ov[3]; if (ov[4] != "-") opt[++np] = ov[4]
	if ((fv == "won" || fv == "lost") && (ov[1] == "won" || ov[1] == "lost")) {
		both++; bf[both] = fcms; bs[both] = ov[3]; if (ov[4] != "-") bp[both] = ov[4]
		if (fv != ov[1]) { dis++; print "# disagreement: " $0 }
	}
	if ((fv == "won" || fv == "lost") && ov[1] == "unknown") print "# fc-solve decides, ours does not: " $0
	if (fv == "unknown" && (ov[1] == "won" || ov[1] == "lost")) print "# ours decides, fc-solve does not: " $0
}
END {
	printf "# %s, %d deals: fc-solve decided %d, ours %d; both %d, disagreements %d\n", game, n, fcdec, odec, both, dis
	if (nf) printf "# fc-solve process: median %.1f ms, p99 %.1f ms\n", pct(fct, nf, 50), pct(fct, nf, 99)
	printf "# ours: search median %.1f ms, p99 %.1f ms\n", pct(ost, n, 50), pct(ost, n, 99)
	if (np) printf "# ours: process median %.1f ms, p99 %.1f ms\n", pct(opt, np, 50), pct(opt, np, 99)
	if (both && nf) {
		f = pct(bf, both, 50); s = pct(bs, both, 50)
		printf "# deals both decided: median fc-solve process %.1f ms, ours search %.1f ms (ratio %.1f)\n", f, s, s / f
		if (np) { p = pct(bp, both, 50); printf "# deals both decided: median ours process %.1f ms (ratio %.1f)\n", p, p / f }
	}
}' "$bin/lines"
