"""What goes into the index: a glossary entry is keyed by its concept when the term list has it."""

import pytest

from rulesref.search import search

pytestmark = pytest.mark.usefixtures("search_index")


def test_a_glossary_entry_and_its_translation_are_one_result():
    hits = [hit for hit in search("防御力", languages=["en", "zh-hans"], limit=100).hits if hit.kind == "glossary"]
    toughness = [hit for hit in hits if hit.key == "mtg:glossary:toughness"]
    assert len(toughness) == 1
    texts = toughness[0].texts
    assert (texts["en"].number, texts["zh-hans"].number) == ("Toughness", "防御力")
    assert texts["en"].url == "/rules/mtg/en/2024-09-20/glossary/toughness/"
    assert texts["zh-hans"].url == "/rules/mtg/zh-hans/2024-09-20/glossary/%E9%98%B2%E5%BE%A1%E5%8A%9B/"


@pytest.mark.parametrize(
    "language, text, name",
    [
        (
            "en",
            "Trample over planeswalkers is a variant of trample that modifies the rules.",
            "Trample over planeswalkers",
        ),
        ("en", "State-based actions are game actions that happen automatically.", "State-based actions"),
        ("en", "A cost is an action or payment necessary to take another action.", "cost"),
        ("en", "Deathtouch is a static ability.", "Deathtouch"),
        ("en", "The term dies means “is put into a graveyard from the battlefield.”", "dies"),
        ("en", "The term “permanent card” is used to refer to a card that could be put onto …", "permanent card"),
        ("en", "The phrase “to gain a Class level” means “to activate an ability …”", "to gain a Class level"),
        ("en", "The term historic refers to an object that has the legendary supertype", "historic"),
        ("en", "If a creature is dealt damage, it stays on the battlefield.", ""),
        ("en", "A player is always within their own range of influence.", ""),
        ("en", "The type line is printed directly below the illustration.", ""),
        ("en", "Two permanents are in the same sector if each has the same designation.", ""),
        ("en", "A player who has priority may cast a creature card from their hand.", ""),
        ("ru", "Слабость первого хода – это свойство запрещает существу действовать", "Слабость первого хода"),
        ("ru", "Очередь состоит из последовательности объявленных способностей", "Очередь"),
        ("ru", "Этап начала хода состоит из двух фаз: фаза восстановления и фаза …", "Этап начала хода"),
        ("ru", "Если способность имеет вид «[текст Х]», то это эффект замещения", ""),
        ("de", "Charaktere sind ein Kartentyp, der im Spiel sein kann.", "Charaktere"),
        ("de", "Die Bedingungen sind nur dann erfüllt, wenn die Spielstatusprüfung stattfindet.", ""),
        ("de", "Das Schlüsselwort Beschützen repräsentiert zwei Fähigkeiten.", "Beschützen"),
        ("fr", "Le coût est le montant qui doit être payé pour jouer une carte.", "coût"),
        ("fr", "Les personnages font partie des types de carte pouvant être en jeu.", "personnages"),
        ("fr", "Le mot-clé Rempart représente deux capacités.", "Rempart"),
        ("fr", "Lorsqu’un joueur est le dernier joueur restant dans une partie, il remporte la partie.", ""),
        ("fr", "Une action qui est jouée va dans la défausse.", ""),
        ("fr", "Le coût qu’il paie est le montant dû.", ""),
        ("en", "The Bodyguard keyword represents two abilities.", "Bodyguard"),
    ],
)
def test_a_rule_that_opens_by_saying_what_a_name_is_defines_it(language, text, name):
    from rulesref.search.definitions import defined_name

    assert defined_name(language, text) == name


@pytest.mark.parametrize(
    "language, text, names",
    [
        # 114.1: the second sentence says what an emblem is.
        (
            "en",
            "Some effects put emblems into the command zone. An emblem is a marker used to represent an object.",
            ["emblem"],
        ),
        # 603.8: the name given to what was described.
        (
            "en",
            "Some triggered abilities trigger when a game state is true. These are called state triggers. (Note …)",
            ["state triggers"],
        ),
        ("en", "Some continuous effects are prevention effects. Like replacement effects …", ["prevention effects"]),
        # 704.5j, 302.6: a quoted name, also "informally" called so.
        (
            "en",
            "The rest are put into their owners’ graveyards. This is called the “legend rule.” If …",
            ["legend rule"],
        ),
        ("en", "This rule is informally called the “summoning sickness” rule.", ["summoning sickness"]),
        # 613.1d and 613.4b: a label; layer 7b is sublayer 7b (613.4: "a series of sublayers").
        ("en", "Layer 4: Type-changing effects are applied.", ["Layer 4"]),
        ("en", "Layer 7b: Effects that set power and/or toughness are applied.", ["Layer 7b", "sublayer 7b"]),
        ("en", "Example: A creature is dealt damage.", []),
        # 202.3: what any object has is named alone; what a creature has is not "power" itself.
        ("en", "The mana value of an object is a number.", ["mana value of an object", "mana value"]),
        ("en", "A creature’s power is the amount of damage it deals in combat.", ["creature’s power"]),
        # 708.2: two names said together, each of two words.
        (
            "en",
            "Face-down spells and face-down permanents have no characteristics other than …",
            ["Face-down spells and face-down permanents", "Face-down spells", "face-down permanents"],
        ),
        ("en", "Power and toughness are characteristics only creatures have.", ["Power and toughness"]),
        ("en", "Then all mulligans are taken at the same time.", []),
        # 113.3b, 604.1: what a kind of ability has or does.
        ("en", "Activated abilities have a cost and an effect. They are written as …", ["Activated abilities"]),
        ("en", "Static abilities do something all the time rather than being activated.", ["Static abilities"]),
        ("en", "An object may have a color indicator printed to the left of the type line.", []),
        ("en", "Such creatures are “attacking” but …", []),
        ("zh-hans", "一些效应会将徽记放入统帅区。徽记是个标记，代表具有异能的物件。", ["徽记"]),
        ("zh-hans", "物件的法术力值为一个数字，该数字等于其法术力费用。", ["物件的法术力值", "法术力值"]),
        ("zh-hans", "一些持续性效应为替代性效应。与防止性效应相同。", ["替代性效应"]),
        ("en", "Some replacement effects are not continuous effects. Rather …", []),
        ("zh-hans", "一些替代性效应不是持续性效应。", []),
        ("zh-hans", "这些异能称为状态触发。", ["状态触发"]),
        # Берсерк 517.1: the name in the instrumental case.
        (
            "ru",
            "Если способность имеет вид «[текст Х], вместо этого – [текст У]», то [текст У] называется "
            "эффектом замещения. Эффект замещения …",
            ["эффектом замещения"],
        ),
        ("ru", "Такие карты называются «стражами».", ["стражами"]),
        ("zh-hans", "状态动作属于游戏动作，每当满足某些条件时便会自动发生。", ["状态动作"]),
        ("zh-hans", "层7b：将力量和/或防御力设定为一个特定的数字的效应生效。", ["层7b"]),
        # Lorcana 7.5.1 in four languages: what a player has is defined by its name alone.
        (
            "en",
            "A player’s inkwell is where they put the cards they use as ink throughout the game.",
            ["player’s inkwell", "inkwell"],
        ),
        ("en", "The hand is where a player holds cards that have been drawn.", ["hand"]),
        (
            "en",
            "A player’s lore total is the amount of lore they currently have.",
            ["player’s lore total", "lore total"],
        ),
        (
            "de",
            "Der Tintenvorrat eines Spielers ist der Ort, an dem er die Karten ablegt. Diese Karten sind Tintenkarten.",
            ["Tintenvorrat eines Spielers", "Tintenvorrat"],
        ),
        (
            "fr",
            "La réserve d’encre d’un joueur est la zone où il place les cartes.",
            ["réserve d’encre d’un joueur", "réserve d’encre"],
        ),
        ("ja", "プレイヤーの“ロアの合計”は、そのプレイヤーがゲームのその時点で持つロアの量である。", ["ロアの合計"]),
        ("ja", "トランプルは常在型能力である。", ["トランプル"]),
        ("ja", "コストは、カードをプレイするために必要となる支払いである。", ["コスト"]),
        # "には" is not a name and "は": "ゲームをするには … 必要である" defines nothing.
        ("ja", "ゲームをするには少なくとも２人のプレイヤーが必要である。", []),
        ("ja", "可能なかぎりのことを実行する。これを“できるだけルール”と呼ぶ。", ["できるだけルール"]),
        # A name called so: "wird als Spieler bezeichnet", "est qualifiée de joueur".
        ("de", "Jede Person, die das Spiel spielt, wird als Spieler bezeichnet.", ["Spieler"]),
        ("fr", "Chaque personne jouant la partie est qualifiée de joueur.", ["joueur"]),
        # Lorcana 7.7.4.4: "known as".
        ("fr", "Ce processus est connu sous les termes “passer le sac”.", ["passer le sac"]),
        ("de", "Zweitens: Wenn der Effekt Schaden zufügt, berechne den Schaden.", []),
        # Lorcana 5.1.1.2: a label before a dash.
        ("en", "Exerted – When a card is exerted, it’s turned sideways.", ["Exerted"]),
        ("de", "Erschöpft – Wenn eine Karte erschöpft wird, wird sie seitwärts gedreht.", ["Erschöpft"]),
        ("en", "In a stack - When a card is on top of or under one or more other cards …", ["In a stack"]),
        # Берсерк 521.1 "so-called", Lorcana 6.5.1 "Some effects are considered replacement effects".
        (
            "ru",
            "В некоторых случаях способности порождают так называемые отложенные эффекты - эти эффекты …",
            ["отложенные эффекты"],
        ),
        ("de", "Einige Effekte gelten als Ersatzeffekte. Diese Effekte warten darauf, dass …", ["Ersatzeffekte"]),
        ("de", "Einige Fähigkeiten sind nur dann aktiv, wenn …", []),
        # What a thing may not do or have is not what it is (702.100c, Lorcana 4.6.8.3, 108.4).
        ("en", "A creature can’t have a greater power or toughness than a noncreature permanent.", []),
        ("en", "Locations don’t have a ¤ characteristic and don’t deal damage to the challenging character.", []),
        ("en", "A card doesn't have a controller unless that card represents a permanent or spell.", []),
        # Lorcana 1.8.1 and 7.7.1: what follows, and a phrase opening with a preposition, are no names.
        ("en", "… and when the turn ends. The following are the conditions and corresponding results:", []),
        ("de", "… und wenn der Zug endet. Im Folgenden sind die Bedingungen und die Ergebnisse aufgeführt:", []),
        ("de", "Im Gegensatz zu anderen Zonen ist der Beutel kein physischer Ort, sondern lediglich da, wo …", []),
    ],
)
def test_every_name_a_rule_defines(language, text, names):
    from rulesref.search.definitions import defined_names

    assert defined_names(language, text) == names


@pytest.mark.parametrize(
    ("language", "text", "name", "opens"),
    [
        # A section's first rule saying what its name is without "is a" (MTG 611.1, Берсерк 210.1).
        ("en", "A continuous effect modifies characteristics of objects …", "Continuous Effects", True),
        ("zh-hans", "一个持续性效应在指定时限中或无限期地，影响物件的特征…", "持续性效应", True),
        ("ru", "Существа, располагающиеся в игровой зоне, могут атаковать …", "Существа", True),
        # What happens in the step the section is, not what the step is.
        ("en", "The end step has no turn-based actions. Once it begins, …", "End Step", False),
        ("zh-hans", "结束步骤没有回合动作。一旦该步骤开始，主动牌手得到优先权。", "结束步骤", False),
        # Opening with words the analyzer drops is not opening with the name (103.1 under "Starting the Game").
        ("en", "At the start of a game, the players determine which one …", "Starting the Game", False),
        ("en", "Each leveler card has a striated text box …", "Leveler Cards", False),
        ("ru", "Если в тексте карты в явном виде прописано противоречие …", "Правило топора", False),
    ],
)
def test_a_sections_first_rule_opening_with_its_name(language, text, name, opens):
    from rulesref.search.definitions import opens_with_name

    assert opens_with_name(language, text, name) is opens


def test_a_japanese_rule_is_indexed_in_character_bigrams_too():
    """MeCab reads タフネス as one word; its bigram field finds the part a reader types (タフ), and a word
    in Chinese characters (战斗 for 戦闘)."""
    tough = {hit.number: hit for hit in search("タフ", languages=["ja"], limit=100).hits}
    # Every rule of the seed that prints タフネス, and its section (パワー／タフネス).
    assert sorted(tough) == ["208", *(f"208.{n}" for n in "1 2 2a 2b 3 3a 4 4a 4b 5".split())]
    assert "<mark>タフ</mark>ネス(破壊されるのに必要なダメージの量)" in tough["208.1"].texts["ja"].snippet
    combat = search("战斗", languages=["ja"], game="mtg")
    assert "パワー(<mark>戦闘</mark>中に与えるダメージの量)" in combat.hits[0].texts["ja"].snippet


@pytest.mark.parametrize(
    ("text", "name", "says"),
    [
        ("To “scry N” means to look at the top N cards of your library …", "Scry", True),
        ("To destroy a permanent, move it from the battlefield to its owner’s graveyard.", "Destroy", True),
        ("To time travel means to choose any number of permanents …", "Time Travel", True),
        # Under "Morph": how to cast a card with it, not what it is to morph.
        ("To cast a card using its morph ability, turn it face down …", "Morph", False),
        ("Scry is …", "Scry", False),
    ],
)
def test_a_keyword_actions_subrule_saying_what_it_is_to_do_it(text, name, says):
    from rulesref.search.definitions import says_what_it_is_to

    assert says_what_it_is_to("en", text, name) is says


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("To planeswalk is to put each face-up plane card …", ["planeswalk"]),
        ("To “scry N” means to look at the top N cards …", ["scry"]),
        ("A player may concede the game at any time.", []),
    ],
)
def test_the_action_a_rule_opening_in_the_infinitive_names(text, names):
    from rulesref.search.definitions import infinitive_names

    assert infinitive_names("en", text) == names
