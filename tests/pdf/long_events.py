"""Invented events long enough to run sheets over several pages (made from a fixed seed).

- :func:`cross_imp_pairs`: a cross-IMP pairs session in the style of a Ruter file, 44 boards in 11
  rounds of 4, five tables per board (each board played by every table in its round, so its rows
  are tables), a phantom pair at table 5 and a sit-out row, a long event name, long names with
  member ids. Each pair's score card has 44 rows: more than a page.
- :func:`realbridge_teams`: a RealBridge-style teams round without Room tags (Table, HomeTeam,
  VisitTeam on each record, player names with member ids ``Anna Berg#10234``), 8 teams at 4
  tables, 16 boards, one match not played.
"""
from __future__ import annotations

import random

from rules_ext.core import Contract, Seat, board_conditions, ns_score

LONG_EVENT = ("Svenska Bridgeförbundets Distriktsmästerskap i Parbridge för Veteraner och Juniorer 2026 — "
              "Omgång 3, Semifinal grupp A och B, Stockholms Bridgecenter")
LONG_NAME = "Maximiliane von Wolkenstein-Trauttmansdorff#40412 - Bartholomäus Oberhollenzer#39415"
_CONTRACTS = (("4S", "N", (9, 10, 11)), ("3NT", "S", (8, 9, 10)), ("4H", "E", (9, 10, 11)),
              ("2S", "W", (7, 8, 9)), ("5DX", "N", (9, 10, 11)), ("1NT", "E", (6, 7, 8)), ("6C", "S", (11, 12, 13)))
_VUL = {"NONE": "None", "NS": "NS", "EW": "EW", "ALL": "All"}


def _board_tags(number: int, event: str, site: str, date: str, scoring: str) -> str:
    """A board's first line: its event, site, date and scoring on board 1, inherited ("#") after."""
    dealer, vul = board_conditions(number)
    first = number == 1
    return (f'[Event "{event if first else "#"}"][Site "{site if first else "#"}"]'
            f'[Date "{date if first else "#"}"][Board "{number}"][Dealer "{dealer.name}"]'
            f'[Vulnerable "{_VUL[vul.name.upper()]}"][Scoring "{scoring if first else "#"}"]')


def _played(rng: random.Random, board: int) -> tuple[str, str, int, int]:
    contract, declarer, choices = rng.choice(_CONTRACTS)
    tricks = rng.choice(choices)
    _, vul = board_conditions(board)
    return contract, declarer, tricks, ns_score(Contract.parse(contract), Seat.parse(declarer), tricks, vul)


def cross_imp_pairs(boards: int = 44, seed: int = 11) -> str:
    rng = random.Random(seed)
    out = ["% PBN 2.1", "% EXPORT", '% <META  name=ScoringType content="Cross-IMP">', ""]
    for number in range(1, boards + 1):
        out.append(_board_tags(number, LONG_EVENT, "Stockholm", "2026.03.14", "Cross-IMP"))
        out.append('[ScoreTable "Round\\2R;Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
                   'Result\\2R;Score_NS\\6R;Score_EW\\6R"]')
        round_ = (number - 1) // 4 + 1
        for table in range(1, 6):
            ns, ew = 2 * table - 1, 2 * table
            if table == 5 and number % 4 == 0:  # the phantom pair's opponents sit out
                out.append(f"{round_:3d} {table:2d} {ns:2d} {ew:2d} -     - -  -      -")
                continue
            contract, declarer, tricks, score = _played(rng, number)
            cells = (f'"{score}" -' if score >= 0 else f'- "{-score}"')
            out.append(f"{round_:3d} {table:2d} {ns:2d} {ew:2d} {contract:5s} {declarer} {tricks:2d} {cells}")
        if number == 1:
            out.append('[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\60L"]')
            for pair in range(1, 11):
                names = LONG_NAME if pair == 3 else ("Phantom" if pair == 10 else
                                                     f"Spelare {pair}A#{1000 + pair} - Spelare {pair}B#{2000 + pair}")
                out.append(f' {pair:2d} {pair:2d} "{names}"')
        out.append("")
    return "\n".join(out) + "\n"


_TEAMS = ("Nordlicht", "Seepferdchen", "Bergfalken", "Rheinkiesel", "Waldkauz", "Sternschnuppe",
          "Morgenröte Großstadtbrücke", "Eulenspiegel")
_FIRST = ("Anna", "Markus", "Lea", "Jonas", "Clara", "Tobias", "Mia", "Paul", "Eva", "Nina", "Timo", "Ida")
_LAST = ("Berg", "Knob", "Vogt", "Brandt", "Busch", "Lenz", "Krüger", "Roth", "Sommer", "Graf", "Wolf", "Kern")


def realbridge_teams(boards: int = 16, seed: int = 12) -> str:
    rng = random.Random(seed)
    players = {team: [f"{_FIRST[(t * 4 + k) % 12]} {_LAST[(t * 5 + k) % 12]}#{10234 + t * 10 + k}"
                      for k in range(4)] for t, team in enumerate(_TEAMS)}
    out = ["% PBN 2.1", "% EXPORT", ""]
    for number in range(1, boards + 1):
        dealer, vul = board_conditions(number)
        for table in range(1, 5):
            home, visit = _TEAMS[2 * table - 2], _TEAMS[2 * table - 1]
            for room in (0, 1):  # 0: home team North-South
                ns_team, ew_team = (home, visit) if room == 0 else (visit, home)
                n, s = players[ns_team][2 * room:2 * room + 2]
                e, w = players[ew_team][2 * room:2 * room + 2]
                tags = [("Event", "Invented Winter Teams, Round 1"), ("Site", "RealBridge"), ("Date", "2026.01.17"),
                        ("Board", str(number)), ("West", w), ("North", n), ("East", e), ("South", s),
                        ("Dealer", dealer.name), ("Vulnerable", _VUL[vul.name.upper()]), ("Scoring", "IMP")]
                if table == 4:  # this match was not played
                    tags += [("Declarer", ""), ("Contract", "Pass"), ("Result", "")]
                else:
                    contract, declarer, tricks, score = _played(rng, number)
                    side = f"NS {score}" if score >= 0 else f"EW {-score}"
                    tags += [("Declarer", declarer), ("Contract", contract), ("Result", str(tricks)),
                             ("Score", side)]
                tags += [("Table", str(table)), ("HomeTeam", home), ("VisitTeam", visit)]
                if table == 4:
                    tags.append(("ScoreIMP", "NS 0 EW 0"))
                out += [f'[{name} "{value}"]' for name, value in tags] + [""]
    return "\n".join(out)


_SYLLABLES = ("nor", "wal", "ke", "sta", "lun", "bri", "dor", "fel", "ma", "ri", "zon", "ta", "ber", "gol")


def team_name(i: int) -> str:
    """An invented country-like team name; every fifth is a long single word (SCHWARZWALDERLAND)."""
    rng = random.Random(100 + i)
    parts = 5 if i % 5 == 0 else rng.choice((2, 3))
    return "".join(rng.choice(_SYLLABLES) for _ in range(parts)).upper() + f"{'' if i < 26 else 'IA'}{chr(65 + i % 26)}"


def teams_field(teams: int = 30, boards: int = 3, seed: int = 13) -> str:
    """A RealBridge-style round of a field of ``teams`` teams (``teams // 2`` matches, the two rooms
    of a match at two table numbers with the teams named in both orders, as RealBridge writes
    them); the last match not played."""
    rng = random.Random(seed)
    names = [team_name(i) for i in range(teams)]
    out = ["% PBN 2.1", "% EXPORT", ""]
    for number in range(1, boards + 1):
        dealer, vul = board_conditions(number)
        for match in range(teams // 2):
            home, visit = names[2 * match], names[2 * match + 1]
            for room, table in ((0, match + 1), (1, teams // 2 + match + 1)):
                ns_team, ew_team = (home, visit) if room == 0 else (visit, home)
                tags = [("Event", "Invented Nations Cup, Round 2"), ("Site", "RealBridge"), ("Date", "2026.02.07"),
                        ("Board", str(number)), ("West", f"W {ew_team.title()}#"), ("North", f"N {ns_team.title()}#"),
                        ("East", f"E {ew_team.title()}#"), ("South", f"S {ns_team.title()}#"),
                        ("Dealer", dealer.name), ("Vulnerable", _VUL[vul.name.upper()]), ("Scoring", "IMP")]
                if match == teams // 2 - 1:
                    tags += [("Declarer", ""), ("Contract", "Pass"), ("Result", "")]
                else:
                    contract, declarer, tricks, score = _played(rng, number)
                    side = f"NS {score}" if score >= 0 else f"EW {-score}"
                    tags += [("Declarer", declarer), ("Contract", contract), ("Result", str(tricks)),
                             ("Score", side)]
                tags += [("Table", str(table)), ("HomeTeam", ns_team), ("VisitTeam", ew_team)]
                if match == teams // 2 - 1:
                    tags.append(("ScoreIMP", "NS 0 EW 0"))
                out += [f'[{name} "{value}"]' for name, value in tags] + [""]
    return "\n".join(out)


def big_pairs(tables: int = 40, boards: int = 3, seed: int = 14) -> str:
    """A matchpoint pairs session of ``tables`` tables (2 × ``tables`` pairs), each board played
    once in each of ``tables`` rounds (so its traveller has that many rows), with rounds, tables
    and names: a 40-table event's travellers run close to a page."""
    rng = random.Random(seed)
    out = ["% PBN 2.1", "% EXPORT", ""]
    for number in range(1, boards + 1):
        out.append(_board_tags(number, "Invented Spring Pairs, Final", "Hall", "2026.04.11", "MP"))
        out.append('[ScoreTable "Round\\2R;Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
                   'Result\\2R;Score_NS\\6R;Score_EW\\6R"]')
        for round_ in range(1, tables + 1):
            table = (number + round_) % tables + 1
            ns, ew = round_, tables + (round_ + number) % tables + 1
            contract, declarer, tricks, score = _played(rng, number)
            cells = (f'"{score}" -' if score >= 0 else f'- "{-score}"')
            out.append(f"{round_:3d} {table:2d} {ns:2d} {ew:2d} {contract:5s} {declarer} {tricks:2d} {cells}")
        if number == 1:
            out.append('[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\60L"]')
            for pair in range(1, 2 * tables + 1):
                first, last = _FIRST[pair % 12], _LAST[(pair * 7) % 12]
                out.append(f' {pair:2d} {pair:2d} "{first} {last} - {_FIRST[(pair + 5) % 12]} {_LAST[pair % 12]}"')
        out.append("")
    return "\n".join(out) + "\n"


def individual(players: int = 16, boards: int = 24, seed: int = 15) -> str:
    """A Swedish-style individual (PlayerId_North .. PlayerId_West on every row), ``players`` players
    at ``players // 4`` tables, partners and opponents changing every two boards, with names."""
    rng = random.Random(seed)
    tables = players // 4
    out = ["% PBN 2.1", "% EXPORT", ""]
    for number in range(1, boards + 1):
        out.append(_board_tags(number, "Invented Club Individual", "Club", "2026.05.02", "MatchPoints"))
        out.append('[ScoreTable "PlayerId_North\\2R;PlayerId_East\\2R;PlayerId_South\\2R;PlayerId_West\\2R;'
                   'Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R"]')
        order = list(range(1, players + 1))
        random.Random(seed * 100 + (number - 1) // 2).shuffle(order)
        for table in range(tables):
            n, e, s, w = order[4 * table:4 * table + 4]
            contract, declarer, tricks, score = _played(rng, number)
            cells = (f'"{score}" -' if score >= 0 else f'- "{-score}"')
            out.append(f"{n:3d} {e:2d} {s:2d} {w:2d} {contract:5s} {declarer} {tricks:2d} {cells}")
        if number == 1:
            out.append('[TotalScoreTable "Rank\\2R;PlayerId\\2R;Name\\30L"]')
            for player in range(1, players + 1):
                out.append(f' {player:2d} {player:2d} "{_FIRST[player % 12]} {_LAST[(player * 5) % 12]}"')
        out.append("")
    return "\n".join(out) + "\n"
