// The demo readers and the phrases their reviews are built from; all written for Shelfwise.

export const DEMO_EMAIL = 'demo@shelfwise.example'

export interface DemoReader {
  name: string
  username: string
  userType: 'Reader' | 'Author' | 'Seller'
  bio: string
  /** How many days ago the account was made. */
  joinedDaysAgo: number
  /** How many books they review: a keen reader writes more. */
  reviews: number
  /** Genres or languages they reach for first. */
  likes: string[]
  /** How many catalogue books they listed (shown on their Listed tab); 'rest' takes whatever is left. */
  lists?: number | 'rest'
}

/** The first reader is the demo sign-in (its password: demo-password.ts); nobody knows the others' passwords. */
export const DEMO_READERS: DemoReader[] = [
  {
    name: 'Robin Demo',
    username: 'demo',
    userType: 'Reader',
    joinedDaysAgo: 96,
    reviews: 10,
    likes: ['Fiction', 'Romance', 'Mystery'],
    lists: 3,
    bio: 'The shared demo account. Look around, write a review, follow someone: everything works as it would for you.',
  },
  {
    name: 'Maya Okafor',
    username: 'maya_reads',
    userType: 'Reader',
    joinedDaysAgo: 241,
    reviews: 26,
    likes: ['Romance', 'Fiction', 'English'],
    bio: 'Nurse by day, reader by night. Big Victorian novels are my comfort food, and I will defend Middlemarch to anyone.',
  },
  {
    name: 'Tomás Herrera',
    username: 'tomas.h',
    userType: 'Reader',
    joinedDaysAgo: 188,
    reviews: 21,
    likes: ['Russian', 'Crime', 'Drama'],
    bio: 'Reading my way through the Russians, slowly. Strong coffee, long chapters, no spoilers please.',
  },
  {
    name: 'Priya Natarajan',
    username: 'priya_n',
    userType: 'Reader',
    joinedDaysAgo: 163,
    reviews: 24,
    likes: ['Mystery', 'Crime', 'Horror', 'Thriller'],
    bio: 'Mysteries, ghost stories and anything with a locked room. I keep a spreadsheet of whodunits I guessed right (not many).',
  },
  {
    name: 'Eleanor Whitfield',
    username: 'eleanor_w',
    userType: 'Author',
    joinedDaysAgo: 274,
    reviews: 18,
    likes: ['History', 'Romance', 'Fiction'],
    bio: 'Writing my second historical novel and rereading the classics that made me want to write in the first place.',
  },
  {
    name: 'Jonah Lindqvist',
    username: 'jonah.l',
    userType: 'Reader',
    joinedDaysAgo: 132,
    reviews: 19,
    likes: ['Adventure', 'Science Fiction'],
    bio: 'Sea stories, explorers and old science fiction. If there is a map at the front of the book, I am in.',
  },
  {
    name: 'Hollis & Vine Books',
    username: 'hollis_vine',
    userType: 'Seller',
    joinedDaysAgo: 298,
    reviews: 8,
    likes: ['Fiction', 'Adventure'],
    lists: 'rest',
    bio: 'A small secondhand bookshop with a cat, a creaky staircase and far too many copies of Dickens. Staff picks posted weekly.',
  },
  {
    name: 'Quayside Rare Books',
    username: 'quayside_rare',
    userType: 'Seller',
    joinedDaysAgo: 286,
    reviews: 6,
    likes: ['Poetry', 'History'],
    lists: 30,
    bio: 'Antiquarian and rare editions by the harbour. We love talking about first editions almost as much as reading them.',
  },
  {
    name: 'Mei Lin Zhou',
    username: 'meilin_z',
    userType: 'Reader',
    joinedDaysAgo: 117,
    reviews: 17,
    likes: ['Chinese', 'Japanese', 'Fantasy'],
    bio: 'Translator in training. Currently comparing three versions of Journey to the West and enjoying every argument.',
  },
  {
    name: 'Gabriel Moreau',
    username: 'gabriel_m',
    userType: 'Author',
    joinedDaysAgo: 207,
    reviews: 15,
    likes: ['French', 'Russian', 'Drama'],
    bio: 'Short story writer. I read French novels in French and Russian novels in whatever translation the library has.',
  },
  {
    name: 'Aisha Rahman',
    username: 'aisha.reads',
    userType: 'Reader',
    joinedDaysAgo: 89,
    reviews: 20,
    likes: ['Romance', 'Fiction', 'Biography'],
    bio: 'Book club organiser. We pick one classic a month and argue about it over far too much cake.',
  },
  {
    name: 'Declan Murphy',
    username: 'declan_m',
    userType: 'Reader',
    joinedDaysAgo: 152,
    reviews: 16,
    likes: ['Poetry', 'Drama', 'Thriller'],
    bio: 'Dublin born, so yes, I have opinions about Ulysses. Also poetry, plays and the occasional thriller on the train.',
  },
  {
    name: 'Sofia Castellano',
    username: 'sofia_c',
    userType: 'Reader',
    joinedDaysAgo: 74,
    reviews: 18,
    likes: ['Spanish', 'Portuguese', 'Italian', 'Poetry'],
    bio: 'Literature student trying to read everything on the syllabus and a few things that are not.',
  },
  {
    name: 'Ruth Abernathy',
    username: 'ruth_a',
    userType: 'Reader',
    joinedDaysAgo: 221,
    reviews: 14,
    likes: ['Biography', 'History', 'Non-Fiction'],
    bio: 'Retired history teacher. Biographies, memoirs and big books about why things happened the way they did.',
  },
  {
    name: 'Kenji Watanabe',
    username: 'kenji_w',
    userType: 'Reader',
    joinedDaysAgo: 101,
    reviews: 16,
    likes: ['Science Fiction', 'Japanese', 'Business', 'Self-Help'],
    bio: 'Engineer who reads on the commute. Science fiction, Sōseki and books about how work and money actually work.',
  },
  {
    name: 'Hannah Osei',
    username: 'hannah_o',
    userType: 'Reader',
    joinedDaysAgo: 66,
    reviews: 19,
    likes: ['Fantasy', 'Adventure', 'Fiction'],
    bio: 'Reading aloud to my kids got me back into the books I loved as a child. Now I am reading the grown-up shelf too.',
  },
]

/** First sentences, by rating. */
export const OPENERS: Record<number, string[]> = {
  5: [
    'An absolute masterpiece.',
    'Worth every minute.',
    'One of the best books I have ever read.',
    'I loved this from the first page to the last.',
    'This goes straight onto my all-time shelf.',
    'Stunning, and nothing like I expected.',
    'Now I understand why people still read this.',
    'Finished it in three evenings and already want to start again.',
    'A total joy.',
    'Five stars, no hesitation.',
  ],
  4: [
    'A really rewarding read.',
    'Very good, with a few slow stretches.',
    'I enjoyed this far more than I expected to.',
    'Glad I finally picked this up.',
    'Strong and memorable, if a little long.',
    'Not perfect, but it earns its reputation.',
    'A slow start, then it had me completely.',
    'Better on a second reading than the first.',
    'Really good company for a rainy week.',
  ],
  3: [
    'Mixed feelings about this one.',
    'I admired it more than I enjoyed it.',
    'Some wonderful moments and some real slogs.',
    'Good in parts.',
    'It took me a long time to get into it.',
    'Not quite the classic I was promised.',
    'Solid, though it never quite caught fire for me.',
  ],
  2: ['Not for me, I am afraid.', 'I wanted to love it and struggled to finish.', 'I can see why it matters, but it dragged for me.', 'Hard going, honestly.'],
}

/** Second sentences for warm reviews of any book; {author}, {title} and {year} are filled in. */
export const WARM_DETAILS = [
  'The prose is sharper and funnier than I remembered from school.',
  'Every chapter gave me a reason to read one more.',
  'I underlined something on nearly every page.',
  'It feels remarkably modern for something first published in {year}.',
  'Our book club argued about it for two hours, which says it all.',
  'Reading it slowly, a little every night, was the right call.',
  'It has much more humour in it than its reputation suggests.',
  'Now I want to read everything else {author} wrote.',
  'I can see how much later writing borrows from it.',
  'A book that rewards paying close attention.',
  'I picked up {title} out of duty and kept reading out of pleasure.',
]

/** Warm second sentences that only make sense for a story. */
export const STORY_DETAILS = [
  '{author} writes characters who feel like people I have actually met.',
  'The ending stayed with me for days.',
  'I keep thinking about one scene in particular.',
  'The minor characters are every bit as good as the leads.',
]

/** Second sentences for lukewarm or critical reviews of any book. */
export const COOL_DETAILS = [
  'The middle section could lose fifty pages.',
  'I could appreciate the craft without ever feeling gripped.',
  'Some of its attitudes have aged badly, which is worth knowing going in.',
  'The language took some getting used to.',
  'I suspect I would have liked it more at a different time in my life.',
  'Worth reading once, but I will not be going back.',
  'The famous parts are great; the rest felt like homework.',
]

/** Critical second sentences that only make sense for a story. */
export const STORY_COOL_DETAILS = ['The characters kept me at arm’s length.', 'I never quite believed in the plot.']

/** A translated book gets this instead, sometimes. */
export const TRANSLATION_DETAILS = [
  'Which translation you pick makes a big difference here; mine was excellent.',
  'I read a newer translation and it felt fresh and lively.',
  'I tried two translations before one clicked, and it was worth it.',
]

/** Second sentences that fit a genre, for warm reviews. */
export const GENRE_DETAILS: Record<string, string[]> = {
  Romance: ['The slow burn between the two leads is handled beautifully.', 'I was rooting for them the whole way through.'],
  Horror: ['Genuinely unsettling; I read the last chapters with every light on.', 'The atmosphere does more than any monster could.'],
  Mystery: ['I did not guess the solution, and I usually do.', 'Every clue is there if you look, which is exactly how it should be.'],
  Crime: ['The tension never lets up once the crime is done.', 'Fascinating to watch the net slowly close.'],
  Adventure: ['Pure adventure, with real stakes and wonderful scenery.', 'I wanted to pack a bag and set off the moment I finished.'],
  'Science Fiction': ['Amazing how many of its ideas still feel fresh.', 'The big idea holds up far better than I expected.'],
  Fantasy: ['Strange and playful in the best way.', 'Just as magical for an adult reader as for a child.'],
  Poetry: ['Best read aloud, a few pages at a time.', 'Some lines I will be carrying around for years.'],
  Drama: ['Now I really want to see it on stage.', 'The dialogue crackles even on the page.'],
  Biography: ['A life told with honesty and remarkable detail.', 'I came away admiring the person even more.'],
  History: ['Dense, but it made a whole period make sense to me.', 'History told with real energy.'],
  'Non-Fiction': ['Clear thinking that still applies today.', 'Surprisingly readable for a book with this reputation.'],
  'Self-Help': ['Plain, practical advice that has aged better than I expected.', 'Short enough to reread whenever I need a push.'],
  Business: ['Still a useful lens on how work and money operate.', 'I recognised my own workplace more than once.'],
  Thriller: ['A fast, tense read that still holds up.', 'I missed my stop on the train twice.'],
}
