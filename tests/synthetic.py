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
