// Word lists the generator builds titles, names, descriptions and reviews from; written for
// Shelfwise. Common English words ('the', 'of', 'love') appear about as often as in real titles and
// blurbs, so searching for them costs what it would on a real catalogue.

export const FIRST_NAMES = [
  'Ada', 'Alba', 'Amara', 'Anika', 'Ansel', 'Arlo', 'Astrid', 'Basil', 'Beatrix', 'Bruno', 'Cassia', 'Cyrus', 'Dalia',
  'Dario', 'Delphine', 'Edmund', 'Elif', 'Elio', 'Esme', 'Ezra', 'Farah', 'Felix', 'Freya', 'Gideon', 'Greta', 'Hana',
  'Hugo', 'Idris', 'Ines', 'Ivo', 'Jonah', 'Juno', 'Kai', 'Kalinda', 'Kasper', 'Lale', 'Leona', 'Linus', 'Lucia',
  'Mabel', 'Marek', 'Mateo', 'Mina', 'Nadia', 'Nico', 'Noor', 'Odile', 'Omar', 'Orla', 'Otto', 'Paloma', 'Pavel',
  'Quentin', 'Rafael', 'Rania', 'Reza', 'Rosa', 'Rufus', 'Saoirse', 'Selim', 'Signe', 'Silas', 'Sunita', 'Tariq',
  'Thea', 'Tobias', 'Ulla', 'Vera', 'Viggo', 'Wen', 'Willa', 'Xavier', 'Yara', 'Yusuf', 'Zadie', 'Zeno', 'Akira',
  'Mei', 'Ravi', 'Priya', 'Lars', 'Ingrid', 'Chiara', 'Matteo', 'Sofia', 'Joaquin', 'Lucas', 'Clara', 'Emil', 'Hedda',
]

export const LAST_NAMES = [
  'Abara', 'Achterberg', 'Adeyemi', 'Albescu', 'Alvarado', 'Ambrose', 'Aoki', 'Arkwright', 'Ashdown', 'Balogun',
  'Barrowman', 'Bellweather', 'Benedetti', 'Birkeland', 'Blackwood', 'Brannigan', 'Castellano', 'Chakraborty',
  'Delacroix', 'Dunmore', 'Eriksen', 'Esposito', 'Falkenrath', 'Fairweather', 'Fennimore', 'Galloway', 'Gallardo',
  'Greenhalgh', 'Hartwell', 'Hasegawa', 'Holloway', 'Ibrahimovic', 'Isherwood', 'Jankowski', 'Kavanagh', 'Kowalczyk',
  'Lachance', 'Langford', 'Lindqvist', 'Llewellyn', 'Mackenzie', 'Marchetti', 'Montague', 'Moreau', 'Nakamura',
  'Novak', 'Oduya', 'Okonkwo', 'Ostrowski', 'Pemberton', 'Petrov', 'Quintero', 'Radcliffe', 'Ramaswamy', 'Ravensworth',
  'Rinaldi', 'Rosenthal', 'Salazar', 'Sandoval', 'Scarborough', 'Sinclair', 'Sorensen', 'Takahashi', 'Thistlewood',
  'Trevelyan', 'Underhill', 'Valdivia', 'Vasquez', 'Voronova', 'Wainwright', 'Waverley', 'Whitcombe', 'Winterbourne',
  'Yamamoto', 'Zielinski', 'Zhou', 'Okafor', 'Brightwater', 'Coldharbour', 'Duvall', 'Everly', 'Farrow', 'Grimaldi',
  'Huxtable', 'Ionescu', 'Jovanovic', 'Kestrel', 'Lowther', 'Merriweather', 'Northcote', 'Oyelaran', 'Penhaligon',
]

export const ADJECTIVES = [
  'Silent', 'Last', 'Hidden', 'Lost', 'Golden', 'Broken', 'Quiet', 'Distant', 'Forgotten', 'Secret', 'Burning',
  'Crimson', 'Northern', 'Endless', 'Little', 'Wild', 'Bitter', 'Hollow', 'Dark', 'Bright', 'Winter', 'Summer',
  'Midnight', 'Paper', 'Glass', 'Iron', 'Salt', 'Silver', 'Small', 'Strange', 'Sleeping', 'Drowned', 'Painted',
  'Wandering', 'Restless', 'Gentle', 'Savage', 'Sacred', 'Borrowed', 'Unfinished', 'Invisible', 'Final', 'First',
  'Second', 'Long', 'Blue', 'Green', 'Scarlet', 'Velvet', 'Amber', 'Ashen', 'Frozen', 'Sunken', 'Falling',
]

export const NOUNS = [
  'House', 'River', 'Garden', 'Daughter', 'Son', 'Mother', 'Father', 'Queen', 'King', 'Orchard', 'Lighthouse', 'Harbour',
  'Library', 'Letter', 'Map', 'Clock', 'Island', 'Forest', 'Mountain', 'Bridge', 'Station', 'Shadow', 'Storm', 'Crown',
  'Mirror', 'Song', 'Promise', 'Secret', 'Journey', 'Night', 'Morning', 'Summer', 'Winter', 'Road', 'Tower', 'Sea',
  'Witness', 'Keeper', 'Stranger', 'Widow', 'Orphan', 'Thief', 'Doctor', 'Teacher', 'Painter', 'Gardener', 'Cartographer',
  'Archive', 'Inheritance', 'Silence', 'Memory', 'Fire', 'Ashes', 'Bones', 'Wolves', 'Birds', 'Stars', 'Tides', 'Fields',
  'Kingdom', 'Empire', 'Republic', 'Village', 'City', 'Street', 'Window', 'Door', 'Key', 'Book', 'Diary', 'Compass',
  'Ballad', 'Elegy', 'Hours', 'Years', 'Seasons', 'Lanterns', 'Rivers', 'Sisters', 'Brothers', 'Ghosts', 'Saints',
]

export const PLACES = [
  'Lisbon', 'Kyoto', 'Marrakesh', 'Tbilisi', 'Oaxaca', 'Galway', 'Trieste', 'Valparaiso', 'Zanzibar', 'Reykjavik',
  'Samarkand', 'Cartagena', 'Odessa', 'Mandalay', 'Havana', 'Alexandria', 'Bruges', 'Tangier', 'Kolkata', 'Nairobi',
  'the North', 'the South', 'the Valley', 'the Coast', 'the Marsh', 'the Moor', 'the Hills', 'the Delta', 'the Steppe',
]

export const TOPICS = [
  'Climate', 'Money', 'Sleep', 'Memory', 'Cities', 'Bread', 'Mathematics', 'Birds', 'Rivers', 'Medicine', 'Chess',
  'Design', 'Leadership', 'Habits', 'Attention', 'Happiness', 'Evolution', 'the Ocean', 'the Brain', 'Language',
  'Music', 'Trade', 'Gardens', 'Maps', 'Weather', 'Light', 'Time', 'Silence', 'Numbers', 'Trees',
]

// Title shapes, filled with the lists above: {A} adjective, {N} noun, {P} place, {F} first name, {T} topic.
export const FICTION_TITLES = [
  'The {A} {N}', 'The {A} {N}', 'The {N} of {P}', 'The {N} of {P}', 'The {N}\u2019s {N}', '{A} {N}', '{A} {N}s',
  'A {N} in {P}', 'The {N} and the {N}', 'Love in {P}', 'The Last {N}', '{F} and the {A} {N}', 'A {A} Love',
  'The {N} Who Loved {F}', 'Letters from {P}', 'The {A} Hours', 'Until the {N}', 'Beneath the {A} {N}',
  'The {N} at the End of the {N}', '{F}\u2019s {N}', 'When the {N} Falls', 'A {N} of {N}s', 'Daughters of {P}',
  'The {A} Road to {P}', '{N} of Love', 'All the {A} {N}s', 'A Love Like {N}', 'Night in {P}',
]

export const NONFICTION_TITLES = [
  'A Short History of {T}', 'The Science of {T}', 'On {T}', 'How {T} Works', 'The Story of {T}', '{T}: A Life',
  'The Age of {T}', 'Thinking About {T}', 'Why {T} Matters', 'The Hidden Life of {T}', 'A Field Guide to {T}',
  'The Art of {T}', '{T} and the Modern World', 'In Praise of {T}', 'The Book of {T}',
]

export const DESCRIPTION_OPENERS = [
  'In the {a} town of {P}, {F} discovers a {n} that changes everything she thought she knew about her family.',
  'When {F} returns to {P} after twenty years, the {n} he left behind is waiting for him.',
  'The {n} has kept its secret for a century; {F} has one summer to find it.',
  '{F} is a {n} with a gift for noticing what others miss, and a past she would rather forget.',
  'Set between {P} and {P}, this is the story of two families and the {n} that binds them.',
  'After the storm, the village finds a stranger on the beach, and nothing in {P} is the same again.',
  'A {a} novel about love, loss and the long road home.',
  'This book asks a simple question about {t} and follows the answer around the world.',
  'Drawing on years of research, the author shows how {t} shaped the way we live, work and love.',
  'Part memoir, part history, it is the story of {t} told through the people who lived it.',
]

export const DESCRIPTION_MIDDLES = [
  'As the seasons turn, old loyalties are tested and new ones are made.',
  'The closer she gets to the truth, the more the people around her have to lose.',
  'It is a story about courage, about the families we are born into and the ones we choose.',
  'Told in alternating voices, the novel moves between the present and a summer long ago.',
  'Along the way there are letters, lies, a missing painting and a dog called Biscuit.',
  'With wit and warmth, the book weighs what we owe the past against what we owe ourselves.',
  'The chapters are short, the stakes are high and the ending is earned.',
  'Clear, lively and full of surprising detail, it never loses sight of the human story.',
  'The result is a portrait of a place, a people and an idea that would not let them go.',
]

export const DESCRIPTION_CLOSERS = [
  'A moving and unforgettable read.', 'Perfect for fans of slow-burning family sagas.',
  'The first book in a trilogy.', 'Winner of a regional book prize.', 'Now with a new afterword by the author.',
  'A gripping page-turner with a heart.', 'An essential introduction for the curious reader.', '',
]

export const REVIEW_OPENERS: Record<number, string[]> = {
  1: ['Not for me.', 'I gave up halfway.', 'Disappointing.', 'I wanted to like this.'],
  2: ['It had its moments.', 'Uneven.', 'Slow going.', 'Some good ideas, poorly carried out.'],
  3: ['Solid, if unremarkable.', 'A decent read.', 'Enjoyable enough.', 'Good, not great.'],
  4: ['Really enjoyed this.', 'A lovely book.', 'Hard to put down.', 'Warmly recommended.'],
  5: ['Loved every page.', 'An instant favourite.', 'Stunning.', 'One of the best books I have read this year.'],
}

export const REVIEW_DETAILS = [
  'The characters felt real to me.', 'The middle drags a little.', 'The ending surprised me.', 'Beautiful prose.',
  'I read it in two sittings.', 'The pacing is uneven but the payoff is worth it.', 'My book club argued about it for hours.',
  'The setting is vividly drawn.', 'I learned a lot.', 'The dialogue sparkles.', 'Too long by a hundred pages.',
  'I will be thinking about it for a while.', 'The translation reads smoothly.', 'A bit predictable.',
  'I cried at the end.', 'The research shows on every page.', 'Perfect holiday reading.',
]

export const BIOS = [
  'Reader, walker, tea drinker.', 'Mostly mysteries and long novels.', 'Book club organiser.', 'I review everything I finish.',
  'History buff and occasional poet.', 'Reading my way around the world.', 'Librarian by trade.', '',
]
