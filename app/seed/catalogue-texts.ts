/**
 * Building blocks of the demo catalogue's texts, German and English side by
 * side. The seeder combines them deterministically (ctx.random), so every
 * playroom reads differently but plausibly.
 */
export type Bilingual = { de: string; en: string }

export const FEATURES = [
	{ key: 'ball-pit', icon: 'ball-pit', nameDe: 'Bällebad', nameEn: 'Ball pit' },
	{ key: 'climbing-wall', icon: 'climbing-wall', nameDe: 'Kletterwand', nameEn: 'Climbing wall' },
	{ key: 'trampoline', icon: 'trampoline', nameDe: 'Trampolin', nameEn: 'Trampoline' },
	{ key: 'slide', icon: 'slide', nameDe: 'Rutsche', nameEn: 'Slide' },
	{ key: 'bouncy-castle', icon: 'bouncy-castle', nameDe: 'Hüpfburg', nameEn: 'Bouncy castle' },
	{ key: 'toddler-area', icon: 'toddler', nameDe: 'Kleinkindbereich', nameEn: 'Toddler area' },
	{ key: 'craft-corner', icon: 'scissors', nameDe: 'Bastelecke', nameEn: 'Craft corner' },
	{ key: 'costume-box', icon: 'crown', nameDe: 'Verkleidungskiste', nameEn: 'Dressing-up box' },
	{ key: 'kitchen', icon: 'kitchen', nameDe: 'Küche', nameEn: 'Kitchen' },
	{
		key: 'party-tables',
		icon: 'table',
		nameDe: 'Tische und Stühle für Feiern',
		nameEn: 'Party tables and chairs',
	},
	{ key: 'music-system', icon: 'music', nameDe: 'Musikanlage', nameEn: 'Sound system' },
	{ key: 'projector', icon: 'projector', nameDe: 'Beamer und Leinwand', nameEn: 'Projector and screen' },
	{ key: 'garden', icon: 'tree', nameDe: 'Garten', nameEn: 'Garden' },
	{ key: 'parking', icon: 'parking', nameDe: 'Parkplätze', nameEn: 'Parking' },
	{ key: 'baby-changing', icon: 'baby', nameDe: 'Wickeltisch', nameEn: 'Baby changing' },
	{ key: 'barrier-free', icon: 'wheelchair', nameDe: 'Barrierefrei', nameEn: 'Step-free access' },
	{ key: 'wifi', icon: 'wifi', nameDe: 'WLAN', nameEn: 'Wi-Fi' },
	{ key: 'sleeping-area', icon: 'bed', nameDe: 'Schlafbereich', nameEn: 'Sleeping area' },
] as const

export const NAME_PREFIXES = [
	'Kunterbunt',
	'Tobeland',
	'Abenteuerland',
	'Kletterhöhle',
	'Bällebad-Paradies',
	'Krümelburg',
	'Zwergenreich',
	'Wolkenschloss',
	'Rasselbande',
	'Purzelbaum',
	'Dschungelhaus',
	'Piratennest',
	'Sternschnuppe',
	'Spielscheune',
	'Kinderinsel',
	'Hüpfwerk',
	'Räuberhöhle',
	'Flitzebogen',
] as const

export const DISTRICTS: Record<string, string[]> = {
	essen: ['Rüttenscheid', 'Steele', 'Kettwig', 'Werden', 'Borbeck'],
	koeln: ['Ehrenfeld', 'Nippes', 'Sülz', 'Deutz', 'Kalk', 'Lindenthal', 'Südstadt', 'Porz'],
	berlin: [
		'Prenzlauer Berg',
		'Kreuzberg',
		'Friedrichshain',
		'Pankow',
		'Neukölln',
		'Charlottenburg',
		'Moabit',
	],
	bremen: ['Schwachhausen', 'Findorff', 'Vegesack', 'Neustadt'],
	hamburg: ['Eimsbüttel', 'Altona', 'Winterhude', 'Barmbek', 'Ottensen', 'Wandsbek'],
	leipzig: ['Plagwitz', 'Gohlis', 'Connewitz', 'Reudnitz', 'Lindenau'],
	dortmund: ['Hörde', 'Kreuzviertel', 'Aplerbeck', 'Hombruch'],
	muenchen: ['Schwabing', 'Haidhausen', 'Sendling', 'Pasing', 'Giesing', 'Neuhausen'],
	stuttgart: ['Bad Cannstatt', 'Vaihingen', 'Degerloch', 'Feuerbach', 'Zuffenhausen'],
	duesseldorf: ['Bilk', 'Pempelfort', 'Oberkassel', 'Benrath', 'Flingern'],
	'frankfurt-am-main': ['Bornheim', 'Sachsenhausen', 'Nordend', 'Bockenheim', 'Höchst'],
	potsdam: ['Babelsberg', 'Bornstedt'],
	hannover: ['List', 'Linden', 'Südstadt'],
	mainz: ['Gonsenheim', 'Neustadt'],
	kiel: ['Düsternbrook', 'Gaarden'],
}

export const STREETS = [
	'Lindenstraße',
	'Gartenweg',
	'Am Spielplatz',
	'Schulstraße',
	'Mühlenweg',
	'Bahnhofstraße',
	'Rosenstraße',
	'Am Stadtpark',
	'Kastanienallee',
	'Hauptstraße',
	'Sonnenweg',
	'Birkenstraße',
]

/** Opening sentences: {name}, {district}, {city}, {size}, {guests}. */
export const INTROS: Bilingual[] = [
	{
		de: '{name} ist ein heller Spielraum mit {size} m² in {city}-{district}, in dem bis zu {guests} Kinder und Erwachsene toben, feiern und sich ausruhen können.',
		en: '{name} is a bright {size} m² playroom in {city}-{district} where up to {guests} children and grown-ups can romp, celebrate and take a break.',
	},
	{
		de: 'Mitten in {district} findet ihr {name}: {size} m² voller Spielideen für Kindergeburtstage, Krabbelgruppen und verregnete Sonntage.',
		en: 'Right in {district} you will find {name}: {size} m² full of play ideas for birthday parties, toddler groups and rainy Sundays.',
	},
	{
		de: 'Unser Spielzimmer in {city} ({district}) haben wir als Eltern für Eltern eingerichtet – {size} m², liebevoll ausgestattet und für bis zu {guests} Gäste.',
		en: 'We set up our playroom in {city} ({district}) as parents for parents – {size} m², lovingly equipped and made for up to {guests} guests.',
	},
	{
		de: '{name} bietet euch {size} m² Platz zum Klettern, Rutschen und Entdecken. Der Raum liegt ruhig in {district} und ist gut erreichbar.',
		en: '{name} gives you {size} m² for climbing, sliding and exploring. The room sits in a quiet part of {district} and is easy to reach.',
	},
	{
		de: 'Ihr sucht einen Ort für den nächsten Kindergeburtstag in {city}? {name} in {district} hat {size} m², eine kleine Küche und Platz für {guests} Personen.',
		en: 'Looking for a place for the next birthday party in {city}? {name} in {district} has {size} m², a small kitchen and room for {guests} people.',
	},
]

export const MOBILE_INTROS: Bilingual[] = [
	{
		de: '{name} kommt zu euch: Wir bauen unser mobiles Spielangebot bei euch zu Hause, im Garten oder im Gemeindesaal auf – rund um {city} im Umkreis von {radius} km.',
		en: '{name} comes to you: we set up our mobile play offer at your home, in your garden or in a community hall – around {city} within {radius} km.',
	},
	{
		de: 'Kein Platz für eine große Feier? {name} bringt Spielgeräte, Deko und gute Laune mit und betreut bis zu {guests} Kinder direkt vor Ort in und um {city}.',
		en: 'No space for a big party? {name} brings play equipment, decorations and good spirits and looks after up to {guests} children right where you are in and around {city}.',
	},
]

/** Sentences about a feature, keyed by feature key. */
export const FEATURE_SENTENCES: Record<string, Bilingual> = {
	'ball-pit': {
		de: 'Das große Bällebad mit über 5.000 Bällen ist der Liebling der Kleinen.',
		en: 'The big ball pit with more than 5,000 balls is the little ones’ favourite.',
	},
	'climbing-wall': {
		de: 'An der Kletterwand mit weichen Matten können sich auch Schulkinder richtig auspowern.',
		en: 'Older children can really let off steam on the climbing wall with soft mats below.',
	},
	trampoline: {
		de: 'Auf dem eingelassenen Bodentrampolin wird gesprungen, bis alle müde sind.',
		en: 'The in-ground trampoline keeps everyone jumping until they are tired.',
	},
	slide: {
		de: 'Eine Wellenrutsche verbindet die Spielebene mit dem Bällebad.',
		en: 'A wave slide connects the play level with the ball pit.',
	},
	'bouncy-castle': {
		de: 'Die Hüpfburg steht drinnen – perfekt auch im Winter.',
		en: 'The bouncy castle is indoors – perfect in winter too.',
	},
	'toddler-area': {
		de: 'Für die Jüngsten gibt es einen abgetrennten Krabbelbereich mit Softbausteinen.',
		en: 'For the youngest there is a separate crawling area with soft building blocks.',
	},
	'craft-corner': {
		de: 'In der Bastelecke liegen Papier, Farben und Stifte bereit.',
		en: 'The craft corner has paper, paints and pens ready.',
	},
	'costume-box': {
		de: 'Die Verkleidungskiste macht aus jeder Feier ein kleines Theaterstück.',
		en: 'The dressing-up box turns every party into a little play.',
	},
	kitchen: {
		de: 'Die Küche mit Kühlschrank, Spülmaschine und Kaffeemaschine dürft ihr mitbenutzen.',
		en: 'You are welcome to use the kitchen with fridge, dishwasher and coffee machine.',
	},
	'party-tables': {
		de: 'Lange Tische und Kinderstühle stehen für Kuchen und Geschenke bereit.',
		en: 'Long tables and children’s chairs are ready for cake and presents.',
	},
	'music-system': {
		de: 'Über die Musikanlage spielt ihr eure eigene Playlist ab.',
		en: 'Play your own playlist through the sound system.',
	},
	projector: {
		de: 'Mit Beamer und Leinwand wird der Nachmittag zum Kinotag.',
		en: 'With the projector and screen the afternoon becomes a film day.',
	},
	garden: {
		de: 'Bei gutem Wetter geht es hinaus in den eingezäunten Garten.',
		en: 'In good weather you can go out into the fenced garden.',
	},
	parking: { de: 'Parkplätze gibt es direkt vor der Tür.', en: 'There is parking right outside the door.' },
	'baby-changing': {
		de: 'Ein Wickeltisch und eine kleine Stillecke sind vorhanden.',
		en: 'There is a baby-changing table and a small nursing corner.',
	},
	'barrier-free': {
		de: 'Der Eingang und die Toilette sind stufenlos erreichbar.',
		en: 'The entrance and the toilet are step-free.',
	},
	wifi: { de: 'Für die Erwachsenen gibt es WLAN.', en: 'There is Wi-Fi for the grown-ups.' },
	'sleeping-area': {
		de: 'Für Übernachtungspartys gibt es Matratzen und einen gemütlichen Schlafbereich.',
		en: 'For sleepover parties there are mattresses and a cosy sleeping area.',
	},
}

export const CLOSINGS: Bilingual[] = [
	{
		de: 'Wir freuen uns auf euch – bei Fragen schreibt uns einfach eine Nachricht.',
		en: 'We look forward to seeing you – if you have questions, just send us a message.',
	},
	{
		de: 'Nach eurer Feier kümmern wir uns um die Endreinigung, ihr müsst nur grob aufräumen.',
		en: 'After your party we take care of the final cleaning; you only need to tidy up roughly.',
	},
	{
		de: 'Mit Bus und Bahn seid ihr in wenigen Minuten da; die Haltestelle ist um die Ecke.',
		en: 'By bus or tram you are here in a few minutes; the stop is round the corner.',
	},
	{
		de: 'Getränke und Snacks dürft ihr gern selbst mitbringen.',
		en: 'You are welcome to bring your own drinks and snacks.',
	},
]

export const RULES: Bilingual[] = [
	{ de: 'Bitte nur mit Socken oder Hausschuhen spielen.', en: 'Please play in socks or slippers only.' },
	{
		de: 'Kinder sind jederzeit von einer erwachsenen Person zu beaufsichtigen.',
		en: 'Children must be supervised by an adult at all times.',
	},
	{ de: 'Rauchen und Alkohol sind in den Räumen nicht erlaubt.', en: 'No smoking and no alcohol inside.' },
	{
		de: 'Bitte keine Konfetti und kein Glitzer – sie verschwinden nie wieder aus dem Bällebad.',
		en: 'No confetti or glitter, please – they never leave the ball pit again.',
	},
	{
		de: 'Ab 20 Uhr bitte Rücksicht auf die Nachbarn nehmen.',
		en: 'Please be considerate of the neighbours after 8 pm.',
	},
	{ de: 'Haustiere bleiben leider draußen.', en: 'Pets must stay outside, sorry.' },
	{ de: 'Essen und Trinken bitte nur am Tisch.', en: 'Food and drinks at the table only, please.' },
]

export const QUESTIONS: { q: Bilingual; a: Bilingual }[] = [
	{
		q: { de: 'Dürfen wir eigenen Kuchen mitbringen?', en: 'May we bring our own cake?' },
		a: {
			de: 'Ja, sehr gern. Teller, Besteck und Servietten sind vorhanden.',
			en: 'Yes, of course. Plates, cutlery and napkins are provided.',
		},
	},
	{
		q: { de: 'Ab welchem Alter ist der Raum geeignet?', en: 'What age is the room suitable for?' },
		a: {
			de: 'Für Kinder von etwa 1 bis 10 Jahren. Für Krabbelkinder gibt es einen eigenen Bereich.',
			en: 'For children from about 1 to 10 years. Crawling babies have an area of their own.',
		},
	},
	{
		q: { de: 'Wie kommen wir hinein?', en: 'How do we get in?' },
		a: {
			de: 'Vor eurer Buchung bekommt ihr den Zugangscode für das Schlüsselkästchen an der Tür.',
			en: 'Before your booking you receive the access code for the key box at the door.',
		},
	},
	{
		q: { de: 'Gibt es eine Toilette?', en: 'Is there a toilet?' },
		a: { de: 'Ja, mit Kindersitz und Tritthocker.', en: 'Yes, with a child seat and a step stool.' },
	},
	{
		q: { de: 'Können wir früher kommen, um zu dekorieren?', en: 'Can we come earlier to decorate?' },
		a: {
			de: 'Bucht einfach eine halbe oder ganze Stunde mehr – dann habt ihr genug Zeit.',
			en: 'Simply book half an hour or an hour more – then you have enough time.',
		},
	},
	{
		q: { de: 'Was passiert, wenn etwas kaputtgeht?', en: 'What happens if something breaks?' },
		a: {
			de: 'Sagt uns bitte Bescheid. Kleine Schäden sind kein Problem; größere verrechnen wir mit der Kaution.',
			en: 'Please let us know. Small damage is no problem; bigger damage is settled with the deposit.',
		},
	},
	{
		q: { de: 'Ist der Raum geheizt?', en: 'Is the room heated?' },
		a: {
			de: 'Ja, und im Sommer sorgen Ventilatoren für frische Luft.',
			en: 'Yes, and in summer fans keep the air fresh.',
		},
	},
	{
		q: { de: 'Dürfen Geschwisterkinder mitkommen?', en: 'May siblings come along?' },
		a: {
			de: 'Natürlich – sie zählen einfach als Gäste mit.',
			en: 'Of course – they simply count as guests.',
		},
	},
]

export const EXTRA_PAGES: Bilingual[][] = [
	[
		{ de: 'Anfahrt', en: 'Getting here' },
		{
			de: 'Mit dem Auto: Parkplätze in der Seitenstraße. Mit Bus und Bahn: zwei Minuten Fußweg von der Haltestelle. Der Eingang liegt im Hinterhof, folgt dem bunten Schild.',
			en: 'By car: parking in the side street. By bus or tram: a two-minute walk from the stop. The entrance is in the courtyard; follow the colourful sign.',
		},
	],
	[
		{ de: 'Geburtstagspakete', en: 'Birthday packages' },
		{
			de: 'Auf Wunsch bereiten wir Deko, Einladungskarten und eine kleine Schatzsuche vor. Wählt die Extras einfach bei der Buchung aus.',
			en: 'On request we prepare decorations, invitations and a little treasure hunt. Simply choose the extras when you book.',
		},
	],
]

export const ADDITIONS = [
	{
		nameDe: 'Geburtstagsdeko',
		nameEn: 'Birthday decorations',
		price: 2_500,
		unit: 'PerBooking',
		maxQuantity: 1,
	},
	{ nameDe: 'Mitgebsel-Tüte', nameEn: 'Party bag', price: 350, unit: 'PerGuest', maxQuantity: 30 },
	{ nameDe: 'Kaffee-Flatrate', nameEn: 'Unlimited coffee', price: 200, unit: 'PerGuest', maxQuantity: 20 },
	{ nameDe: 'Animateurin', nameEn: 'Entertainer', price: 3_500, unit: 'PerHour', maxQuantity: 1 },
	{ nameDe: 'Schatzsuche', nameEn: 'Treasure hunt', price: 3_000, unit: 'PerBooking', maxQuantity: 1 },
	{ nameDe: 'Kinderschminken', nameEn: 'Face painting', price: 2_500, unit: 'PerHour', maxQuantity: 2 },
	{ nameDe: 'Pizza-Paket', nameEn: 'Pizza package', price: 600, unit: 'PerGuest', maxQuantity: 30 },
] as const

export const RATING_COMMENTS: string[] = [
	'Wunderbarer Nachmittag, die Kinder wollten gar nicht mehr nach Hause!',
	'Sehr sauber und liebevoll eingerichtet. Gerne wieder.',
	'Toller Raum für den 5. Geburtstag unserer Tochter. Die Übergabe hat super geklappt.',
	'Das Bällebad war der Hit. Etwas wenig Parkplätze, sonst alles prima.',
	'Great place for a toddler group – clean, warm and well equipped.',
	'Gastgeberin sehr freundlich und flexibel, als wir eine halbe Stunde später kamen.',
	'Für 12 Kinder etwas eng, aber sehr schön gemacht.',
	'We celebrated our son’s birthday here. Everything was ready when we arrived.',
	'Preis-Leistung stimmt. Die Küche war sehr praktisch.',
	'Schöne Kletterwand, die Großen hatten richtig Spaß.',
]

export const HOST_REPLIES: string[] = [
	'Vielen Dank für euren Besuch – kommt gern wieder!',
	'Danke für die lieben Worte, wir haben uns sehr gefreut.',
	'Thank you – it was a pleasure to have you!',
]

/** Scenes of the generated demo photos: what is shown, for alt texts. */
export const PHOTO_SCENES: { kind: string; alt: Bilingual }[] = [
	{ kind: 'ballpit', alt: { de: 'Bällebad mit bunten Bällen', en: 'Ball pit with colourful balls' } },
	{
		kind: 'climbing',
		alt: { de: 'Kletterwand mit bunten Griffen', en: 'Climbing wall with colourful holds' },
	},
	{ kind: 'slide', alt: { de: 'Rutsche im Spielzimmer', en: 'Slide in the playroom' } },
	{ kind: 'tent', alt: { de: 'Spielzelt mit Kissen', en: 'Play tent with cushions' } },
	{ kind: 'blocks', alt: { de: 'Große Softbausteine auf dem Boden', en: 'Large soft blocks on the floor' } },
	{
		kind: 'party',
		alt: { de: 'Gedeckter Geburtstagstisch mit Luftballons', en: 'Birthday table with balloons' },
	},
	{ kind: 'garden', alt: { de: 'Garten mit Sandkasten', en: 'Garden with a sandpit' } },
	{
		kind: 'crafts',
		alt: { de: 'Bastelecke mit Stiften und Papier', en: 'Craft corner with pens and paper' },
	},
]
