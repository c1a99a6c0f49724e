// The texts of classic 6 nimmt!'s screens in English and German (merged into the client's table in
// `i18n.ts`; both hold the same keys, a unit test checks the placeholders).

export const en = {
  'rules.classic':
    'Everyone plays a card face down at the same time; then the cards are revealed and laid from the lowest up.\n' +
    'A card goes to the row whose last card is the highest one below it.\n' +
    'The sixth card in a row takes the five before it: their bull heads (🐮) are minus points, and the card starts the row anew.\n' +
    'A card lower than every row’s last card takes a row of its player’s choice.\n' +
    'The game ends after the deal in which someone reaches 66 points (or as the table options say). Fewest points wins.',
  'rules.fan.even-odd': 'Even/Odd: the marked row takes only cards of the shown parity; the marker moves when a row is taken.',
  'rules.fan.mountain': 'Mountain climbing: the marked row runs downhill (lower cards go on it); the marker moves one row when a row is taken.',
  'rules.fan.cow': 'Jumping cow: the cow fills a place at the end of its row and jumps on when its row fills.',
  'rules.fan.digit-swap': 'Digit swap: once per deal you may play a card with its digits swapped (31 counts as 13).',
  'classic.queue': 'Revealed, laid lowest first',
  'classic.next': 'next',
  'classic.revealing': 'Turn {turn}: the cards are revealed',
  'classic.goes': '{name}’s {card} goes to row {row}',
  'classic.starts': '{name}’s {card} starts row {row} anew',
  'classic.takesRow': '{name} takes row {row} ({points} bull heads)',
  'classic.takesRow1': '{name} takes row {row} (1 bull head)',
  'classic.choosing': '{name} chooses a row for {card}',
  'classic.turnDone': 'Turn {turn} is over',
  'classic.dealOver': 'Deal {deal} is over',
  'classic.player': 'Player',
  'classic.thisDeal': 'This deal',
  'classic.total': 'Total',
  'classic.took': 'Cards taken',
  'classic.sixth': 'The sixth card takes the row',
  'classic.handIdle': 'wait for your turn',
  'classic.log.title': 'What happened',
  'classic.log.revealed': 'Turn {turn}: {plays}',
  'classic.log.sixth': '{name}’s {card} is the sixth card in row {row}: {name} takes {n} cards, {points} 🐮',
  'classic.log.sixth.you': 'Your {card} is the sixth card in row {row}: you take {n} cards, {points} 🐮',
  'classic.log.low': '{name}’s {card} is lower than every row: {name} takes row {row}, {points} 🐮',
  'classic.log.low.you': 'Your {card} is lower than every row: you take row {row}, {points} 🐮',
  'classic.log.dealOver': 'Deal {deal} is over: {points}',
};

export const de: Record<keyof typeof en, string> = {
  'rules.classic':
    'Alle legen gleichzeitig eine Karte verdeckt aus; dann werden sie aufgedeckt und von der niedrigsten an angelegt.\n' +
    'Eine Karte kommt an die Reihe, deren letzte Karte die höchste unter ihr ist.\n' +
    'Die sechste Karte einer Reihe nimmt die fünf davor: ihre Hornochsen (🐮) sind Minuspunkte, und die Karte beginnt die Reihe neu.\n' +
    'Eine Karte, die niedriger ist als jede letzte Karte, nimmt eine Reihe nach Wahl ihres Spielers.\n' +
    'Das Spiel endet nach der Runde, in der jemand 66 Punkte erreicht (oder wie die Tisch-Optionen sagen). Die wenigsten Punkte gewinnen.',
  'rules.fan.even-odd': 'Gerade/Ungerade: die markierte Reihe nimmt nur Karten der gezeigten Art; die Markierung wandert, wenn eine Reihe genommen wird.',
  'rules.fan.mountain': 'Bergsteigen: die markierte Reihe geht bergab (niedrigere Karten kommen dran); die Markierung wandert eine Reihe weiter, wenn eine Reihe genommen wird.',
  'rules.fan.cow': 'Die springende Kuh: die Kuh belegt einen Platz am Ende ihrer Reihe und springt weiter, wenn ihre Reihe voll wird.',
  'rules.fan.digit-swap': 'Zahlendreher: einmal pro Runde darfst du eine Karte mit vertauschten Ziffern spielen (31 zählt als 13).',
  'classic.queue': 'Aufgedeckt, die niedrigste wird zuerst gelegt',
  'classic.next': 'als Nächste',
  'classic.revealing': 'Zug {turn}: die Karten werden aufgedeckt',
  'classic.goes': '{card} von {name} kommt in Reihe {row}',
  'classic.starts': '{card} von {name} beginnt Reihe {row} neu',
  'classic.takesRow': '{name} nimmt Reihe {row} ({points} Hornochsen)',
  'classic.takesRow1': '{name} nimmt Reihe {row} (1 Hornochse)',
  'classic.choosing': '{name} wählt eine Reihe für {card}',
  'classic.turnDone': 'Zug {turn} ist vorbei',
  'classic.dealOver': 'Runde {deal} ist vorbei',
  'classic.player': 'Spieler',
  'classic.thisDeal': 'Diese Runde',
  'classic.total': 'Gesamt',
  'classic.took': 'Genommene Karten',
  'classic.sixth': 'Die sechste Karte nimmt die Reihe',
  'classic.handIdle': 'warte, bis du dran bist',
  'classic.log.title': 'Was passiert ist',
  'classic.log.revealed': 'Zug {turn}: {plays}',
  'classic.log.sixth': '{card} von {name} ist die sechste Karte in Reihe {row}: {name} nimmt {n} Karten, {points} 🐮',
  'classic.log.sixth.you': 'Deine {card} ist die sechste Karte in Reihe {row}: du nimmst {n} Karten, {points} 🐮',
  'classic.log.low': '{card} von {name} ist niedriger als jede Reihe: {name} nimmt Reihe {row}, {points} 🐮',
  'classic.log.low.you': 'Deine {card} ist niedriger als jede Reihe: du nimmst Reihe {row}, {points} 🐮',
  'classic.log.dealOver': 'Runde {deal} ist vorbei: {points}',
};
