// Test data shared by the detection and transliteration tests.

/** One everyday sentence in each of the 15 interface languages. */
export const SENTENCES: ReadonlyArray<readonly [string, string]> = [
  ['ar', 'أين محطة القطار؟ أريد أن أشتري تذكرة.'],
  ['de', 'Wo ist der Bahnhof? Ich möchte eine Fahrkarte kaufen.'],
  ['en', 'Where is the train station? I would like to buy a ticket.'],
  ['es', '¿Dónde está la estación de tren? Quiero comprar un billete.'],
  ['fr', 'Où est la gare ? Je voudrais acheter un billet.'],
  ['id', 'Di mana stasiun kereta api? Saya ingin membeli tiket.'],
  ['it', 'Dov’è la stazione dei treni? Vorrei comprare un biglietto.'],
  ['ja', '駅はどこですか？切符を買いたいです。'],
  ['ko', '기차역이 어디에 있어요? 표를 사고 싶어요.'],
  ['nb', 'Hvor er togstasjonen? Jeg vil gjerne kjøpe en billett.'],
  ['pt', 'Onde fica a estação de comboios? Quero comprar um bilhete.'],
  ['ru', 'Где находится вокзал? Я хочу купить билет.'],
  ['sl', 'Kje je železniška postaja? Rad bi kupil vozovnico.'],
  ['vi', 'Ga tàu ở đâu vậy? Tôi muốn mua một vé.'],
  ['zh', '火车站在哪里？我想买一张票。'],
];
