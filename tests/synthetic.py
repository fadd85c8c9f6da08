"""Rule files written for the tests, in layouts of official files we do not ship.

Each is short but keeps the layout's shape: its headings, its table of contents (or the lack of
one), its date statement and its line endings. Nothing here is copied from a published file.
"""

# A Korean Comprehensive Rules file: the English layout with Korean headings ("목차" is the
# table of contents, "용어집" the glossary, "크레딧" the credits) and the Korean date statement.
KOREAN_CR = """\ufeff매직: 더 개더링 종합 규칙

이 규칙은 2024년 9월 20일부터 적용됩니다.

소개

이 문서는 매직: 더 개더링 게임 규칙의 최종 권위입니다.

규칙은 번호가 매겨진 장과 절로 나뉩니다.

목차

1. 게임 개념
100. 일반
101. 마법의 황금률
2. 카드의 구성 요소
200. 일반
용어집
크레딧

1. 게임 개념

100. 일반

100.1. 이 매직 규칙은 두 명 이상의 플레이어가 하는 모든 매직 게임에 적용됩니다.

100.1a 2인 게임은 두 명의 플레이어로 시작하는 게임입니다.

100.1b 다인 게임은 세 명 이상의 플레이어로 시작하는 게임입니다. (규칙 800 참조.)

100.2. 게임을 하려면 각 플레이어는 자신의 덱이 필요합니다.

101. 마법의 황금률

101.1. 카드가 규칙과 모순될 때는 카드가 우선합니다. 이것은 601.2a–c의 예외입니다.
예시: 어떤 카드가 플레이어가 대지를 추가로 플레이할 수 있다고 말하면, 그 플레이어는 그렇게 할 수 있습니다.

2. 카드의 구성 요소

200. 일반

200.1. 카드의 구성 요소에는 이름, 마나 비용, 유형 줄, 텍스트 상자가 있습니다.

용어집

능력
1. 카드의 규칙 텍스트에 있는 문장. 규칙 113 참조.

생물
카드 유형의 하나. 규칙 302 참조.


크레딧

매직: 더 개더링 원작: 리처드 가필드
이 규칙은 2024년 9월 20일부터 적용됩니다.
"""


# Older English layouts. Each keeps what its era did differently; the rule texts are short
# stand-ins written for the tests.

# 2009 (the edition that renumbered the rules): CRLF line endings and ASCII punctuation; an
# introduction with a web address on its own line and runs of blank lines; a table of contents
# whose chapters are separated by blank lines and which also lists "Questions?"; chapter 1 is
# "Game Concepts" in the contents but "The Game" in the body (as in a copy of the July 2009
# edition); an example indented by one space; a contact block ("Questions?") after the credits.
CR_2009 = "\r\n".join(
    [
        "Magic: The Gathering Comprehensive Rules",
        "",
        "These rules are effective as of July 11, 2009.",
        "",
        "Introduction",
        "",
        "This document is meant for players who know the basics of the game.",
        "",
        "It includes numbered rules followed by a glossary.",
        "",
        "",
        "",
        "Changes may have been made since publication.",
        "",
        "www.wizards.com/Magic/rules",
        "",
        "",
        "Contents",
        "",
        "1. Game Concepts",
        "100. General",
        "101. The Magic Golden Rules",
        "",
        "2. Parts of a Card",
        "200. General",
        "",
        "Glossary",
        "",
        "Credits",
        "",
        "Questions?",
        "",
        "1. The Game",
        "",
        "100. General",
        "",
        "100.1. These rules apply to any game with two or more players.",
        "",
        "100.1a A two-player game begins with only two players.",
        "",
        "100.1b A multiplayer game begins with more than two players. See section 8.",
        "",
        "101. The Magic Golden Rules",
        "",
        "101.1. When a card contradicts these rules, the card wins (see rule 104.3a).",
        "",
        "101.2. When one effect says something can happen and another says it can't, \"can't\" wins.",
        " Example: One effect lets you play an extra land and another forbids playing lands: you can't.",
        "",
        "101.2a Adding or removing abilities doesn't fall under this rule; see rule 112.9.",
        "",
        "2. Parts of a Card",
        "",
        "200. General",
        "",
        "200.1. The parts of a card are name, mana cost, illustration and type line.",
        'Example: A creature card\'s type line reads "Creature -- Elf."',
        "",
        "Glossary",
        "",
        "Ability",
        'Text on an object that explains what it does. See rule 112, "Abilities."',
        "",
        "Golden Rules",
        "See rules 101.1-101.2.",
        "",
        "",
        "Credits",
        "",
        "Original Game Design: Richard Garfield",
        "",
        "",
        "",
        "These rules are effective as of July 11, 2009.",
        "",
        "",
        "Questions?",
        "Contact the office nearest you.",
        "",
    ]
)

# 2012: the same shape with "(Note that subrules skip the letters ...)" in the introduction, and
# "Customer Service Information" listed in the contents and printed after the credits.
CR_2012 = "\r\n".join(
    [
        "Magic: The Gathering Comprehensive Rules",
        "",
        "These rules are effective as of July 1, 2012.",
        "",
        "Introduction",
        "",
        "This document includes numbered rules followed by a glossary. (Note that subrules skip the "
        'letters "l" and "o"; subrule 704.5k is followed by 704.5m.)',
        "",
        "Changes may have been made to this document since its publication.",
        "",
        "",
        "Contents",
        "",
        "1. Game Concepts",
        "100. General",
        "",
        "7. Additional Rules",
        "700. General",
        "704. State-Based Actions",
        "",
        "Glossary",
        "",
        "Credits",
        "",
        "Customer Service Information",
        "",
        "1. Game Concepts",
        "",
        "100. General",
        "",
        "100.1. These rules apply to any game with two or more players.",
        "",
        "100.1a A two-player game begins with only two players.",
        "",
        "7. Additional Rules",
        "",
        "700. General",
        "",
        "700.1. Anything that happens in a game is an event.",
        "Example: Damage being dealt is an event.",
        "Example: A spell resolving is an event too.",
        "",
        "704. State-Based Actions",
        "",
        "704.5. These are the state-based actions:",
        "",
        "704.5k If two or more legendary permanents have the same name, all but one go to the graveyard.",
        "",
        "704.5m If two or more worlds are on the battlefield, all but the newest go to the graveyard.",
        "",
        "Glossary",
        "",
        "World Rule",
        "A state-based action about world permanents. See rule 704.5m.",
        "",
        "",
        "Credits",
        "",
        "Editing: the rules team",
        "",
        "Customer Service Information",
        "",
        "Wizards of the Coast LLC",
        "",
    ]
)

# 2018: typographic punctuation, LF line endings and a byte-order mark; a two-paragraph
# introduction; no "Questions?" anywhere; the legal notice after the credits repeats the date.
CR_2018 = "\ufeff" + "\n".join(
    [
        "Magic: The Gathering Comprehensive Rules",
        "",
        "These rules are effective as of July 13, 2018.",
        "",
        "Introduction",
        "",
        "This document is the ultimate authority for Magic: The Gathering® competitive game play.",
        "",
        "Changes may have been made to this document since its publication.",
        "",
        "Contents",
        "",
        "1. Game Concepts",
        "100. General",
        "",
        "7. Additional Rules",
        "717. The Monarch",
        "",
        "Glossary",
        "",
        "Credits",
        "",
        "1. Game Concepts",
        "",
        "100. General",
        "",
        "100.1. These Magic rules apply to any Magic game with two or more players.",
        "",
        "7. Additional Rules",
        "",
        "717. The Monarch",
        "",
        "717.1. The monarch is a designation a player can have.",
        "",
        "717.2. There are two inherent triggered abilities associated with being the monarch.",
        "Example: The monarch draws a card at the beginning of their end step.",
        "",
        "717.3. Only one player can be the monarch at a time (see rules 717.1–2).",
        "",
        "Glossary",
        "",
        "Monarch",
        "A designation a player can have. See rule 717, “The Monarch.”",
        "",
        "",
        "Credits",
        "",
        "Magic: The Gathering Original Game Design: Richard Garfield",
        "",
        "These rules are effective as of July 13, 2018.",
        "",
    ]
)

# An edition whose introduction has no heading and whose table of contents has none either.
CR_UNHEADED = "\n".join(
    [
        "Magic: The Gathering Comprehensive Rules",
        "",
        "These rules are current as of October 1, 2008.",
        "",
        "This document is for players who know the basics.",
        "",
        "1. Game Concepts",
        "100. General",
        "Glossary",
        "Credits",
        "",
        "1. Game Concepts",
        "",
        "100. General",
        "",
        "100.1. These rules apply to any game with two or more players.",
        "",
        "100.2. Each player needs a deck.",
        "",
        "Glossary",
        "",
        "Deck",
        "The cards a player starts the game with. See rule 100.2.",
        "",
        "",
        "Credits",
        "",
        "Thanks.",
        "",
    ]
)


def small_cr(date: str, rules: list[tuple[str, str]], *, language: str = "en") -> str:
    """A Comprehensive Rules file of one chapter and section (100) holding ``rules`` ((number, text),
    in order: "100.1", "100.1a"), effective on ``date`` (YYYY-MM-DD), in the English layout or, with
    ``language="ko"``, the Korean one (as ``KOREAN_CR``)."""
    year, month, day = (int(part) for part in date.split("-"))
    if language == "ko":
        head = [
            "매직: 더 개더링 종합 규칙",
            "",
            f"이 규칙은 {year}년 {month}월 {day}일부터 적용됩니다.",
            "",
            "소개",
            "",
        ]
        head += ["이 문서는 시험용입니다.", "", "목차", "", "1. 게임 개념", "100. 일반", "용어집", "크레딧", ""]
        head += ["1. 게임 개념", "", "100. 일반", ""]
        tail = ["용어집", "", "덱", "시험용 카드 묶음. 규칙 100.1 참조.", "", "", "크레딧", "", "시험.", ""]
    else:
        months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December"]  # fmt: skip
        head = ["Magic: The Gathering Comprehensive Rules", "", f"These rules are effective as of {months[month - 1]}"]
        head[-1] += f" {day}, {year}."
        head += ["", "Introduction", "", "This document is for tests.", "", "Contents", "", "1. Game Concepts"]
        head += ["100. General", "Glossary", "Credits", "", "1. Game Concepts", "", "100. General", ""]
        tail = ["Glossary", "", "Deck", "The cards a player starts the game with. See rule 100.1.", "", ""]
        tail += ["Credits", "", "Thanks.", ""]
    body = []
    for number, text in rules:
        label = f"{number}." if number.count(".") == 1 and number[-1].isdigit() else number
        body += [f"{label} {text}", ""]
    return "\n".join(head + body + tail)


# Han characters across Japanese and Chinese: a Japanese viewer page and a Simplified Chinese Comprehensive
# Rules file (the layout of the official one: its date statement, 目录, 词汇表, 版权信息) that write the same
# words in different character forms: 攻撃 / 攻击 (attack), 戦闘 / 战斗 (combat), 呪文 (spell). Each names
# attacking in a rule the other lacks (100.2 in Japanese, 100.3 in Chinese), so a hit tells which matched.
JAPANESE_VIEWER_COMBAT = """総合ルールビューア
1. ゲームの概念
100. 総則
- 100.1 戦闘フェイズは開始ステップから始まり、終了ステップで終わる。
- 100.2 アクティブ・プレイヤーは攻撃クリーチャーを指定する。
- 100.4 呪文を唱えることで、プレイヤーは戦闘に影響を与えられる。
"""

CHINESE_CR_COMBAT = """万智牌完整规则

此规则于2024年9月20日起生效。

前言

本文件是万智牌游戏规则的最终解释。

目录

1. 游戏概念
100. 总则
词汇表
版权信息

1. 游戏概念

100. 总则

100.1. 战斗阶段从开始步骤开始，并于结束步骤结束。

100.3. 主动牌手宣告进行攻击的生物。

词汇表

生物
一种牌的类别。参见规则302。

版权信息

此规则于2024年9月20日起生效。
"""
