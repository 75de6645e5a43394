#!/usr/bin/env python3
"""Independent cross-check of the engine's deals against PySolFC.

This script re-creates, in Python and without the engine, what PySolFC
does when it starts a game with a given number: construct_random
(pysollib/pysolrandom.py: LCRandom31 for 1 <= N < 32000, else an MT19937
seeded like random.Random(N) -- Python's own generator is used here),
Game.shuffle (pysollib/game/__init__.py: FreeCell reordering for the
Microsoft generator and 52 cards, RandomBase.shuffle, then the game's
_shuffleHook), and each game's startGame, dealing from the END of the
talon list. The hooks and deal orders are transliterated from the game
classes of shlomif/PySolFC: fan.py (Fan, FanGame, LaBelleLucie_Talon, Shamrocks,
ShamrocksII, HouseInTheWood), fortythieves.py (FortyThieves), freecell.py (FreeCell), bakersgame.py (BakersGame, EightOff, SeahavenTowers),
beleagueredcastle.py (BeleagueredCastle,
StreetsAndAlleys), bakersdozen.py (BakersDozen), sultan.py
(PicturePatience, Patriarchs, Contradance, CaptiveQueens),
royalcotillion.py (RoyalCotillion, OddAndEven) and knockout.py
(Knockout_Talon, HerzZuHerz). Shuffling redeals (La Belle Lucie twice at
the start; Herz zu Herz played through) are followed too.

Run: python3 testdata/pysolfc_deals.py > testdata/deals/pysolfc.txt
TestPySolFCCrossCheck compares the engine with that file.
"""
import random

RANKS = "A23456789TJQK"
SUITS = "CSHD"


class LCRandom31:
    def __init__(self, seed):
        self.seedx = seed

    def randint(self, a, b):
        self.seedx = (self.seedx * 214013 + 2531011) & ((1 << 33) - 1)
        return a + ((self.seedx >> 16) & 0x7FFF) % (b + 1 - a)


class MTRandom:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def randint(self, a, b):
        return a + int(self.r.random() * (b + 1 - a))


def shuffle(rnd, seq):
    n = len(seq) - 1
    while n > 0:
        j = rnd.randint(0, n)
        seq[n], seq[j] = seq[j], seq[n]
        n -= 1


class Card:
    def __init__(self, id, deck, suit, rank):
        self.id, self.deck, self.suit, self.rank = id, deck, suit, rank

    def __str__(self):
        return RANKS[self.rank] + SUITS[self.suit]


def create_cards(decks, ranks):
    cards = []
    for deck in range(decks):
        for suit in range(4):
            for rank in ranks:
                cards.append(Card(len(cards), deck, suit, rank))
    return cards


def game_shuffle(n, cards, hook=None):
    rnd = LCRandom31(n) if n < 32000 else MTRandom(n)
    cards = list(cards)
    if isinstance(rnd, LCRandom31) and len(cards) == 52:
        fcards = []
        for i in range(13):
            for j in (0, 39, 26, 13):
                fcards.append(cards[i + j])
        cards = fcards
    shuffle(rnd, cards)
    if hook:
        cards = hook(cards)
    return rnd, cards


def move_sorter(cards, func, ncards=999999):
    # Game._shuffleHookMoveSorter
    sitems, i = [], len(cards)
    for c in cards[:]:
        select, sort_order = func(c)
        if select:
            cards.remove(c)
            sitems.append((sort_order, i, c.id, c))
            if len(sitems) >= ncards:
                break
        i = i - 1
    sitems.sort(key=lambda t: (t[0], t[1]))
    sitems.reverse()
    return cards, [item[3] for item in sitems]


def move_to_top(cards, func):
    cards, scards = move_sorter(cards, func)
    return cards + scards


def shamrocks2_hook(cards, n=17, lone=51):
    i = 0
    kings = []
    for c in cards:
        if c.rank == 12:
            kings.append(i)
        i += 1
    for i in kings:
        if i == lone:
            continue
        j = i % n
        while j < i:
            if cards[j].rank != 12:
                cards[i], cards[j] = cards[j], cards[i]
                break
            j += n
    cards.reverse()
    return cards


class Table:
    def __init__(self, talon):
        self.talon = talon
        self.piles = {}

    def pile(self, name):
        return self.piles.setdefault(name, [])

    def deal_row(self, names):
        for nm in names:
            if not self.talon:
                return
            self.pile(nm).append(self.talon.pop())

    def dump(self, order):
        out = []
        for nm in order:
            cards = self.talon if nm == "s" else self.piles.get(nm, [])
            out.append(nm + ":" + "".join(" " + str(c) for c in cards))
        return out


def names(prefix, n):
    return [prefix + str(i + 1) for i in range(n)]


def fan_deal(t):
    t.deal_row(names("t", 17))
    t.deal_row(names("t", 17))
    t.deal_row(names("t", 18))


def lucie_redeal(rnd, t):
    # LaBelleLucie_Talon.dealCards: redealCards1 (moveMove of whole fans
    # onto the talon, order kept), redealCards2 (shuffleStackMove), 3.
    assert not t.talon
    for nm in names("t", 18):
        t.talon.extend(t.pile(nm))
        t.piles[nm] = []
    shuffle(rnd, t.talon)
    n = min(len(t.talon), 3 * 18)
    for i in range(3):
        j = (n // 3, (n + 1) // 3, (n + 2) // 3)[i]
        t.deal_row(names("t", 18)[:j])


def herz_play(rnd, t, draws):
    # Knockout_Talon with DEALS_BEFORE_SHUFFLE = draws, max_rounds = 3;
    # hearts on top laid off at once (the player's only sensible play).
    rows = names("t", 3)
    rnd_round = 1
    dumps = []

    def layoff():
        moved = True
        while moved:
            moved = False
            for nm in rows:
                p = t.pile(nm)
                if p and p[-1].suit == 2:
                    t.pile("f1").append(p.pop())
                    moved = True

    t.deal_row(rows)  # startGame: dealCards
    dealt = 1
    layoff()
    while True:
        if len(t.pile("f1")) == 8:
            break
        if dealt == draws:
            if rnd_round == 3:
                break
            for nm in rows:
                p = t.pile(nm)
                while p:
                    t.talon.append(p.pop())
            shuffle(rnd, t.talon)
            rnd_round += 1
            dealt = 0
            dumps.append(list(t.talon))
        t.deal_row(rows)
        dealt += 1
        layoff()
    return dumps


GAMES = {}


def game(key):
    def deco(f):
        GAMES[key] = f
        return f
    return deco


def fan_game(key, hook=None):
    def f(n):
        rnd, cards = game_shuffle(n, create_cards(1, range(13)), hook)
        t = Table(cards)
        fan_deal(t)
        return t.dump(names("t", 18))
    GAMES[key] = f


fan_game("la-belle-lucie/three-shuffles-and-a-draw")
fan_game("la-belle-lucie/no-redeal")
fan_game("shamrocks", shamrocks2_hook)
fan_game("shamrocks/no-king-rule")
fan_game("fan")  # FanGame(Fan): Fan.startGame, no hook


@game("la-belle-lucie")
def lucie(n):
    rnd, cards = game_shuffle(n, create_cards(1, range(13)))
    t = Table(cards)
    fan_deal(t)
    out = t.dump(names("t", 18))
    # both redeals at once, before any move, as the test does
    lucie_redeal(rnd, t)
    out += ["after redeal 1"] + t.dump(names("t", 18))
    lucie_redeal(rnd, t)
    out += ["after redeal 2"] + t.dump(names("t", 18))
    return out


def house(n):
    rnd, cards = game_shuffle(n, create_cards(2, range(13)))
    t = Table(cards)
    t.deal_row(names("t", 34))
    t.deal_row(names("t", 35))
    t.deal_row(names("t", 35))
    return t.dump(names("t", 35))


GAMES["house-in-the-woods"] = house
GAMES["house-on-the-hill"] = house


def napoleon(n):
    rnd, cards = game_shuffle(n, create_cards(2, range(13)))
    t = Table(cards)
    for i in range(4):
        t.deal_row(names("t", 10))
    t.deal_row(["w"])
    return t.dump(names("t", 10) + ["s", "w"])


GAMES["napoleon-at-st-helena"] = napoleon
GAMES["napoleon-at-st-helena/cadogan"] = napoleon


def move_to_bottom(cards, func):
    cards, scards = move_sorter(cards, func)
    return scards + cards


def cell_game(columns, cells, rows, last_row=0, dealt_cells=(),
              aces_out=False):
    # The FreeCell family's startGame: full rows dealt to the columns, then
    # one card to each of the first last_row columns, then one card to each
    # of dealt_cells (numbered from 1); with aces_out the Aces were moved to
    # the bottom of the talon (BeleagueredCastle._shuffleHook) and are
    # dealt last, to the foundations.
    def f(n):
        hook = None
        if aces_out:
            hook = lambda cards: move_to_bottom(
                cards, lambda c: (c.rank == 0, c.suit))
        rnd, cards = game_shuffle(n, create_cards(1, range(13)), hook)
        t = Table(cards)
        for i in range(rows):
            t.deal_row(names("t", columns))
        t.deal_row(names("t", last_row))
        t.deal_row(["c%d" % k for k in dealt_cells])
        found = []
        if aces_out:
            found = names("f", 4)
            t.deal_row(found)
        return t.dump(names("c", cells) + found + names("t", columns))
    return f


# FreeCell.startGame (freecell.py): _startDealNumRows(5), dealRow(),
# dealRow(rows=r[:4]); BakersGame(FreeCell) deals the same.
GAMES["freecell"] = cell_game(8, 4, 6, last_row=4)
GAMES["bakers-game"] = GAMES["freecell"]
# EightOff.startGame (bakersgame.py): _startDealNumRows(5), dealRow(),
# dealRow(rows=[r[0], r[2], r[4], r[6]]) on the reserves.
GAMES["eight-off"] = cell_game(8, 8, 6, dealt_cells=(1, 3, 5, 7))
# SeahavenTowers.startGame: _startDealNumRows(4), dealRow(),
# dealRow(rows=reserves[1:3]).
GAMES["seahaven-towers"] = cell_game(10, 4, 5, dealt_cells=(2, 3))
# BeleagueredCastle.startGame (beleagueredcastle.py): _startDealNumRows(4),
# dealRow() twice, dealRow(rows=foundations); the Aces moved to the bottom
# by _shuffleHookMoveToBottom(cards, lambda c: (c.rank == 0, c.suit)).
GAMES["beleaguered-castle"] = cell_game(8, 0, 6, aces_out=True)
# StreetsAndAlleys.startGame: _startDealNumRows(4), then dealRowAvail()
# three times: rows 5 and 6, and the last four cards to rows 1-4.
GAMES["streets-and-alleys"] = cell_game(8, 0, 6, last_row=4)


def bakers_dozen(n):
    # BakersDozen._shuffleHook: ShamrocksII's with n = 13 rows and no lone
    # card; CastlesInSpain.startGame: four rows of 13.
    hook = lambda cards: shamrocks2_hook(cards, 13, -1)
    rnd, cards = game_shuffle(n, create_cards(1, range(13)), hook)
    t = Table(cards)
    for i in range(4):
        t.deal_row(names("t", 13))
    return t.dump(names("t", 13))


GAMES["bakers-dozen"] = bakers_dozen


def patriarchs(n):
    hook = lambda cards: move_to_top(
        cards, lambda c: (c.rank in (0, 12) and c.deck == 0, (c.rank, c.suit)))
    rnd, cards = game_shuffle(n, create_cards(2, range(13)), hook)
    t = Table(cards)
    t.deal_row(names("f", 8))
    t.deal_row(names("r", 9))
    t.deal_row(["w"])
    return t.dump(names("f", 8) + names("r", 9) + ["s", "w"])


GAMES["patriarchs"] = patriarchs


def picture(n):
    rnd, cards = game_shuffle(n, create_cards(2, range(13)))
    t = Table(cards)
    t.deal_row(names("r", 9))
    t.deal_row(["w"])
    return t.dump(names("r", 9) + ["s", "w"])


GAMES["picture-patience"] = picture
GAMES["picture-patience/no-redeal"] = picture
GAMES["odd-and-even"] = picture


@game("royal-cotillion")
def cotillion(n):
    rnd, cards = game_shuffle(n, create_cards(2, range(13)))
    t = Table(cards)
    t.deal_row(names("r", 16))
    for i in range(3):
        t.deal_row(names("l", 4))
    t.deal_row(["w"])
    return t.dump(names("l", 4) + names("r", 16) + ["s", "w"])


@game("contradance")
def contradance(n):
    hook = lambda cards: move_to_top(
        cards, lambda c: (c.rank in (4, 5), (c.rank, c.suit)))
    rnd, cards = game_shuffle(n, create_cards(2, range(13)), hook)
    t = Table(cards)
    t.deal_row(names("f", 16))
    t.deal_row(["w"])
    return t.dump(names("f", 16) + ["s", "w"])


@game("captured-queens")
def queens(n):
    rnd, cards = game_shuffle(n, create_cards(1, range(13)))
    t = Table(cards)
    t.deal_row(["w"])
    return t.dump(["s", "w"])


def herz(draws):
    def f(n):
        rnd, cards = game_shuffle(n, create_cards(1, (0, 6, 7, 8, 9, 10, 11, 12)))
        t = Table(cards)
        first = list(cards)
        out = ["deal: " + " ".join(str(c) for c in first)]
        dumps = herz_play(rnd, t, draws)
        for k, d in enumerate(dumps):
            out.append("stock after redeal %d: %s" % (k + 1, " ".join(str(c) for c in d)))
        out.append("laid off: %d" % len(t.pile("f1")))
        return out
    return f


GAMES["herz-zu-herz"] = herz(5)
GAMES["herz-zu-herz/draws-4"] = herz(4)
GAMES["herz-zu-herz/draws-6"] = herz(6)

DEALS = (1, 24, 617, 31999, 32000, 123456)

if __name__ == "__main__":
    for key in sorted(GAMES):
        for n in DEALS:
            print("game %s deal %d" % (key, n))
            for line in GAMES[key](n):
                print(line)
