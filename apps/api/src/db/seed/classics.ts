import type { CATEGORIES, GENRES, LANGUAGES } from '@shelfwise/contracts'

// The demo catalogue: real books in the public domain (first published before 1929). The
// descriptions are our own summaries, written for Shelfwise. Dates are of first publication (in
// book form where a serial came first); YYYY-MM-01 when only the month is known, YYYY-01-01 when
// only the year is. Publishers are the first ones where known, else ''. Page counts are a typical
// modern edition's. No ISBNs: we do not invent them.

type Genre = (typeof GENRES)[number]
type Category = (typeof CATEGORIES)[number]
type Language = (typeof LANGUAGES)[number]

export interface Classic {
  title: string
  author: string
  publishedDate: string
  language: Language
  pageCount: number
  genres: Genre[]
  description: string
  publisher?: string
  /** Defaults to 'Classic'. */
  category?: Category
  /** Defaults to 'First edition'. */
  edition?: string
  /** How often demo readers reach for it: 3 = nearly everyone, 1 = the curious few (default). */
  fame?: 1 | 2 | 3
}

export const CLASSICS: Classic[] = [
  // British and Irish novels
  {
    title: 'Pride and Prejudice', author: 'Jane Austen', publishedDate: '1813-01-28', language: 'English', pageCount: 432,
    genres: ['Romance', 'Fiction'], publisher: 'T. Egerton', edition: 'First edition, 3 volumes', fame: 3,
    description: 'Elizabeth Bennet, the quick-witted second of five daughters, meets the rich and aloof Mr Darcy at a country ball and dislikes him on sight. As family embarrassments, a charming liar and a disastrous proposal pile up, both of them have to admit how badly first impressions can mislead. A comedy of manners that is really about learning to see people clearly.',
  },
  {
    title: 'Sense and Sensibility', author: 'Jane Austen', publishedDate: '1811-10-30', language: 'English', pageCount: 409,
    genres: ['Romance', 'Fiction'], publisher: 'T. Egerton', edition: 'First edition, 3 volumes', fame: 2,
    description: 'When their father dies, the Dashwood sisters lose their home and most of their income. Sensible Elinor hides her heartache while passionate Marianne throws herself into a romance with the dashing Willoughby. Austen’s first published novel weighs restraint against feeling and lets each sister learn something from the other.',
  },
  {
    title: 'Emma', author: 'Jane Austen', publishedDate: '1815-12-23', language: 'English', pageCount: 474,
    genres: ['Romance', 'Fiction'], publisher: 'John Murray', edition: 'First edition, 3 volumes', fame: 2,
    description: 'Emma Woodhouse is clever, wealthy and certain she knows what is best for everyone in her village, above all in matters of the heart. Her matchmaking for her friend Harriet goes wrong in ways she never sees coming, and her own feelings turn out to be the hardest to read. A sparkling comedy about a heroine who has to learn to stop arranging other people.',
  },
  {
    title: 'Persuasion', author: 'Jane Austen', publishedDate: '1817-12-20', language: 'English', pageCount: 249,
    genres: ['Romance', 'Fiction'], publisher: 'John Murray',
    description: 'Eight years ago Anne Elliot was talked out of marrying a young naval officer with no fortune. Now Captain Wentworth is back, rich from the war and apparently indifferent to her. Austen’s last completed novel is a quiet, aching story about second chances.',
  },
  {
    title: 'Jane Eyre', author: 'Charlotte Brontë', publishedDate: '1847-10-16', language: 'English', pageCount: 532,
    genres: ['Romance', 'Fiction'], publisher: 'Smith, Elder & Co.', edition: 'First edition, 3 volumes', fame: 3,
    description: 'Orphaned, mistreated and sent to a harsh charity school, Jane Eyre grows into a young woman who refuses to be anyone’s inferior. As governess at Thornfield Hall she falls in love with its brooding master, Mr Rochester, but the house hides a secret that forces her to choose between love and self-respect. A passionate first-person story that helped shape the modern heroine.',
  },
  {
    title: 'Wuthering Heights', author: 'Emily Brontë', publishedDate: '1847-12-01', language: 'English', pageCount: 416,
    genres: ['Romance', 'Fiction'], publisher: 'Thomas Cautley Newby', edition: 'First edition, 3 volumes (with Agnes Grey)', fame: 3,
    description: 'On the Yorkshire moors, the foundling Heathcliff and Catherine Earnshaw form a bond so fierce that neither can live with it or without it. When Catherine marries for position instead, Heathcliff’s revenge reaches across two families and a whole generation. Told through layered narrators, it is a wild, unsettling novel about love that hardens into obsession.',
  },
  {
    title: 'The Tenant of Wildfell Hall', author: 'Anne Brontë', publishedDate: '1848-06-01', language: 'English', pageCount: 512,
    genres: ['Fiction', 'Romance'], publisher: 'Thomas Cautley Newby', edition: 'First edition, 3 volumes',
    description: 'A mysterious young widow and her small son move into a crumbling mansion and set the neighbourhood gossiping. Her diary reveals the truth: she has fled a husband sinking into drink and cruelty. Anne Brontë’s bold novel defends a woman’s right to leave a ruinous marriage, long before the law did.',
  },
  {
    title: 'Great Expectations', author: 'Charles Dickens', publishedDate: '1861-01-01', language: 'English', pageCount: 544,
    genres: ['Fiction'], publisher: 'Chapman & Hall', edition: 'First book edition, 3 volumes', fame: 3,
    description: 'Pip, an orphan raised by his sister and her blacksmith husband, is suddenly given the means to become a gentleman by an anonymous benefactor. In London he learns to be ashamed of the people who loved him, while the jilted Miss Havisham and cold, beautiful Estella shape his hopes. Dickens’s story of ambition and gratitude is funny, eerie and deeply moving.',
  },
  {
    title: 'A Tale of Two Cities', author: 'Charles Dickens', publishedDate: '1859-01-01', language: 'English', pageCount: 448,
    genres: ['Fiction', 'History'], publisher: 'Chapman & Hall', edition: 'First book edition', fame: 2,
    description: 'Between London and Paris in the years around the French Revolution, the lives of a freed prisoner, his devoted daughter, a French aristocrat who renounces his name and a dissolute English lawyer become entangled. As the Terror spreads, their fates meet in the shadow of the guillotine. It opens with one of the most quoted lines in English and ends with one of its most famous sacrifices.',
  },
  {
    title: 'A Christmas Carol', author: 'Charles Dickens', publishedDate: '1843-12-19', language: 'English', pageCount: 104,
    genres: ['Fiction', 'Fantasy'], publisher: 'Chapman & Hall', fame: 2,
    description: 'Ebenezer Scrooge, a miser who despises Christmas, is visited by the ghost of his old business partner and then by three spirits who show him his past, his present and his future. What he sees changes him overnight. This short ghost story did a great deal to shape how Christmas is still celebrated.',
  },
  {
    title: 'Oliver Twist', author: 'Charles Dickens', publishedDate: '1838-01-01', language: 'English', pageCount: 608,
    genres: ['Fiction', 'Crime'], publisher: 'Richard Bentley', edition: 'First book edition, 3 volumes',
    description: 'Born in a workhouse and sold into an apprenticeship, young Oliver runs away to London and falls in with Fagin’s gang of child pickpockets. Dickens sets his innocence against the cruelty of institutions and of the criminals who exploit him. Angry and melodramatic, and unforgettable for Nancy and the menacing Bill Sikes.',
  },
  {
    title: 'David Copperfield', author: 'Charles Dickens', publishedDate: '1850-01-01', language: 'English', pageCount: 882,
    genres: ['Fiction'], publisher: 'Bradbury & Evans', edition: 'First book edition',
    description: 'Dickens’s most autobiographical novel follows David from a childhood darkened by a cruel stepfather, through factory work and school, to a career as a writer. Along the way he meets the endlessly hopeful Mr Micawber, the creeping Uriah Heep and his formidable aunt, Betsey Trotwood. A big, warm book about growing up and learning whom to trust.',
  },
  {
    title: 'Bleak House', author: 'Charles Dickens', publishedDate: '1853-01-01', language: 'English', pageCount: 1017,
    genres: ['Fiction', 'Mystery'], publisher: 'Bradbury & Evans', edition: 'First book edition',
    description: 'An endless lawsuit over a disputed will, Jarndyce and Jarndyce, drags on in the fog-bound Court of Chancery and poisons the lives of everyone it touches. Through modest Esther Summerson and a sharp third-person narrator, Dickens uncovers the secret in a proud lady’s past. Part satire, part detective story, part portrait of a whole society.',
  },
  {
    title: 'Middlemarch', author: 'George Eliot', publishedDate: '1871-12-01', language: 'English', pageCount: 880,
    genres: ['Fiction', 'Romance'], publisher: 'William Blackwood and Sons', edition: 'First edition, in eight parts', fame: 2,
    description: 'In a Midlands town around 1830, idealistic Dorothea Brooke makes a disastrous marriage to a dry old scholar, and the ambitious young doctor Lydgate marries a beauty who does not share his hopes. Eliot weaves their stories into the life of a whole community. A wise, generous novel about ordinary lives and the compromises they ask of us.',
  },
  {
    title: 'Silas Marner', author: 'George Eliot', publishedDate: '1861-04-02', language: 'English', pageCount: 240,
    genres: ['Fiction'], publisher: 'William Blackwood and Sons',
    description: 'A linen weaver, falsely accused of theft and cast out of his chapel, settles in the village of Raveloe and hoards gold as his only comfort. When the gold is stolen and a small child wanders into his cottage, his life turns around. Short and fable-like, it is one of Eliot’s most tender books.',
  },
  {
    title: 'Tess of the d’Urbervilles', author: 'Thomas Hardy', publishedDate: '1891-01-01', language: 'English', pageCount: 518,
    genres: ['Fiction', 'Romance'], publisher: 'James R. Osgood, McIlvaine & Co.', edition: 'First edition, 3 volumes',
    description: 'Tess Durbeyfield, a poor country girl, is sent to claim kinship with a wealthy family and is wronged by its son, Alec. Her hope of a new life with the idealistic Angel Clare is undone by her past and by the double standards of her time. Hardy subtitled it ‘A Pure Woman’, which scandalised many of his readers.',
  },
  {
    title: 'Far from the Madding Crowd', author: 'Thomas Hardy', publishedDate: '1874-01-01', language: 'English', pageCount: 433,
    genres: ['Fiction', 'Romance'], publisher: 'Smith, Elder & Co.', edition: 'First edition, 2 volumes',
    description: 'Bathsheba Everdene, an independent young woman who inherits a farm, draws three very different suitors: the steady shepherd Gabriel Oak, the obsessive farmer Boldwood and the reckless Sergeant Troy. Her choices bring both disaster and growth. Hardy’s rural Wessex is drawn with warmth and humour.',
  },
  {
    title: 'The Picture of Dorian Gray', author: 'Oscar Wilde', publishedDate: '1891-01-01', language: 'English', pageCount: 254,
    genres: ['Fiction', 'Horror'], publisher: 'Ward, Lock & Co.', edition: 'First book edition', fame: 3,
    description: 'The beautiful young Dorian Gray wishes that his portrait would grow old instead of him, and the wish comes true. Egged on by the witty Lord Henry, he chases pleasure without limit while the painting records every sin. Wilde’s only novel is dazzling and epigrammatic, and darker than it first appears.',
  },
  {
    title: 'Frankenstein', author: 'Mary Shelley', publishedDate: '1818-01-01', language: 'English', pageCount: 280,
    genres: ['Horror', 'Science Fiction'], publisher: 'Lackington, Hughes, Harding, Mavor & Jones', edition: 'First edition, 3 volumes', fame: 3,
    description: 'Victor Frankenstein, a young student of science, brings to life a creature assembled from dead matter and then recoils from what he has made. Abandoned and rejected, the creature teaches himself to speak and read and demands a companion; his maker’s refusal leads to tragedy. Mary Shelley’s novel stands at the root of both horror and science fiction.',
  },
  {
    title: 'Dracula', author: 'Bram Stoker', publishedDate: '1897-05-26', language: 'English', pageCount: 418,
    genres: ['Horror'], publisher: 'Archibald Constable and Company', fame: 3,
    description: 'The solicitor Jonathan Harker travels to Transylvania to help Count Dracula buy a house in England, and discovers that his host is a vampire. When the Count reaches England, a small band led by Professor Van Helsing sets out to stop him. Told through diaries, letters and newspaper cuttings, it defined the vampire for the modern age.',
  },
  {
    title: 'Strange Case of Dr Jekyll and Mr Hyde', author: 'Robert Louis Stevenson', publishedDate: '1886-01-05', language: 'English', pageCount: 144,
    genres: ['Horror', 'Mystery'], publisher: 'Longmans, Green & Co.', fame: 2,
    description: 'The London lawyer Utterson grows uneasy when his respectable friend Dr Jekyll seems to be protecting a brutal, repellent man called Edward Hyde. As Hyde’s violence escalates, the truth about the two men comes out. Stevenson’s short novel made ‘Jekyll and Hyde’ shorthand for a divided self.',
  },
  {
    title: 'Treasure Island', author: 'Robert Louis Stevenson', publishedDate: '1883-11-14', language: 'English', pageCount: 292,
    genres: ['Adventure', 'Fiction'], publisher: 'Cassell & Company', fame: 2,
    description: 'Young Jim Hawkins finds a treasure map in a dead pirate’s sea chest and sails on the Hispaniola to find the hoard. Among the crew is the one-legged cook Long John Silver: charming, cunning and not what he seems. Stevenson’s adventure gave us much of what we now think of as pirate lore.',
  },
  {
    title: 'The Adventures of Sherlock Holmes', author: 'Arthur Conan Doyle', publishedDate: '1892-10-14', language: 'English', pageCount: 307,
    genres: ['Mystery', 'Crime'], publisher: 'George Newnes', fame: 3,
    description: 'Twelve cases narrated by Dr Watson, among them ‘A Scandal in Bohemia’, ‘The Red-Headed League’ and ‘The Speckled Band’. Holmes untangles puzzles that defeat the police through close observation and bold deduction. These stories made the detective of Baker Street famous for good.',
  },
  {
    title: 'The Hound of the Baskervilles', author: 'Arthur Conan Doyle', publishedDate: '1902-01-01', language: 'English', pageCount: 256,
    genres: ['Mystery', 'Crime', 'Horror'], publisher: 'George Newnes', fame: 2,
    description: 'Sir Charles Baskerville is found dead on Dartmoor beside the footprints of a gigantic hound, and his young heir seems to be next. Holmes sends Watson to the moor to guard him while the legend of a family curse is put to the test. Atmospheric and tense, it is the best known of the Holmes novels.',
  },
  {
    title: 'The Time Machine', author: 'H. G. Wells', publishedDate: '1895-01-01', language: 'English', pageCount: 118,
    genres: ['Science Fiction'], publisher: 'William Heinemann', fame: 2,
    description: 'A Victorian inventor travels to the year 802,701 and finds humanity split into the gentle Eloi and the Morlocks who live underground. His efforts to understand this future, and to escape it, reveal Wells’s fears about class and progress. A founding work of science fiction.',
  },
  {
    title: 'The War of the Worlds', author: 'H. G. Wells', publishedDate: '1898-01-01', language: 'English', pageCount: 192,
    genres: ['Science Fiction', 'Thriller'], publisher: 'William Heinemann', fame: 2,
    description: 'Cylinders fall on the English countryside and Martians emerge in towering tripods armed with heat-rays, sweeping aside every defence. The narrator flees across a collapsing southern England. Wells’s invasion story still sets the pattern for alien-attack fiction.',
  },
  {
    title: 'The Invisible Man', author: 'H. G. Wells', publishedDate: '1897-01-01', language: 'English', pageCount: 160,
    genres: ['Science Fiction', 'Thriller'], publisher: 'C. Arthur Pearson',
    description: 'A stranger swathed in bandages takes a room at a village inn, and the locals soon learn he is a scientist who has made himself invisible and cannot undo it. His power quickly sours into rage and crime. Wells asks what becomes of a man whom no one can see.',
  },
  {
    title: 'Heart of Darkness', author: 'Joseph Conrad', publishedDate: '1899-02-01', language: 'English', pageCount: 96,
    genres: ['Fiction', 'Adventure'], publisher: 'William Blackwood and Sons', edition: 'First published in Blackwood’s Magazine', fame: 2,
    description: 'On a boat moored in the Thames, the sailor Marlow recalls his journey up an African river in the service of a trading company, in search of the ivory agent Kurtz. What he finds lays bare the greed and brutality of colonial rule. Conrad’s short novel is as disturbing as it is debated.',
  },
  {
    title: 'Lord Jim', author: 'Joseph Conrad', publishedDate: '1900-01-01', language: 'English', pageCount: 368,
    genres: ['Fiction', 'Adventure'], publisher: 'William Blackwood and Sons',
    description: 'A young British officer, Jim, jumps from a ship full of pilgrims that he believes is sinking, and the ship survives without him. Haunted by that moment, he drifts east and finally finds a chance at redemption at a remote trading post. Conrad’s narrator Marlow tries to understand him, and so do we.',
  },
  {
    title: 'The Jungle Book', author: 'Rudyard Kipling', publishedDate: '1894-01-01', language: 'English', pageCount: 277,
    genres: ['Adventure', 'Fantasy'], publisher: 'Macmillan', fame: 2,
    description: 'Mowgli, a boy raised by wolves in an Indian jungle, learns its law from Baloo the bear and Bagheera the panther while the tiger Shere Khan waits for his chance. Other tales follow the brave mongoose Rikki-Tikki-Tavi and a white seal searching for a safe shore. Kipling blends adventure, fable and verse.',
  },
  {
    title: 'Kim', author: 'Rudyard Kipling', publishedDate: '1901-01-01', language: 'English', pageCount: 368,
    genres: ['Adventure', 'Fiction'], publisher: 'Macmillan',
    description: 'Kimball O’Hara, an Irish orphan growing up on the streets of Lahore, becomes the disciple of a Tibetan lama in search of a sacred river. At the same time he is drawn into the Great Game, the spying contest between Britain and Russia. A vivid, crowded panorama of India on the road.',
  },
  {
    title: 'Ulysses', author: 'James Joyce', publishedDate: '1922-02-02', language: 'English', pageCount: 730,
    genres: ['Fiction'], publisher: 'Shakespeare and Company', fame: 2,
    description: 'Over one day in Dublin, 16 June 1904, Joyce follows the advertising canvasser Leopold Bloom, the young teacher Stephen Dedalus and Bloom’s wife, Molly. Each episode echoes part of Homer’s Odyssey and plays with a different style, ending in Molly’s famous unpunctuated monologue. Demanding and often very funny, it changed what a novel could do.',
  },
  {
    title: 'Dubliners', author: 'James Joyce', publishedDate: '1914-06-15', language: 'English', pageCount: 224,
    genres: ['Fiction'], publisher: 'Grant Richards',
    description: 'Fifteen stories follow ordinary people in early twentieth-century Dublin, moving from childhood through adolescence and adult life to public affairs. Many turn on a small moment of recognition rather than a dramatic event. The collection closes with ‘The Dead’, one of the finest long stories in English.',
  },
  {
    title: 'A Portrait of the Artist as a Young Man', author: 'James Joyce', publishedDate: '1916-12-29', language: 'English', pageCount: 299,
    genres: ['Fiction'], publisher: 'B. W. Huebsch',
    description: 'Stephen Dedalus grows up in Catholic, nationalist Ireland and passes through fear, religious fervour and rebellion. Slowly he decides he must leave family, church and country behind to become a writer. Joyce’s style grows up with its hero, from nursery rhyme to dense argument.',
  },
  {
    title: 'Mrs Dalloway', author: 'Virginia Woolf', publishedDate: '1925-05-14', language: 'English', pageCount: 194,
    genres: ['Fiction'], publisher: 'Hogarth Press', fame: 2,
    description: 'On a June day in London after the First World War, Clarissa Dalloway prepares for the party she is giving that evening. Her thoughts drift back into her past, while across the city the shell-shocked veteran Septimus Smith struggles with what the war has done to him. Woolf moves between their minds in flowing, luminous prose.',
  },
  {
    title: 'To the Lighthouse', author: 'Virginia Woolf', publishedDate: '1927-05-05', language: 'English', pageCount: 209,
    genres: ['Fiction'], publisher: 'Hogarth Press',
    description: 'The Ramsay family and their guests spend summers in a house on the Isle of Skye, where a promised trip to the lighthouse keeps being put off. Ten years, a war and several deaths later, some of them return. A novel about time, memory and the difficult art of seeing another person whole.',
  },
  {
    title: 'Orlando', author: 'Virginia Woolf', publishedDate: '1928-10-11', language: 'English', pageCount: 333,
    genres: ['Fiction', 'Fantasy'], publisher: 'Hogarth Press',
    description: 'Orlando begins life as a young nobleman at the court of Elizabeth I, lives for more than three hundred years and one morning wakes as a woman. Woolf follows the change through centuries of English history and literature with wit and mischief. A mock biography, inspired by her friend Vita Sackville-West, about gender and the self.',
  },
  {
    title: 'Robinson Crusoe', author: 'Daniel Defoe', publishedDate: '1719-04-25', language: 'English', pageCount: 320,
    genres: ['Adventure', 'Fiction'], publisher: 'William Taylor',
    description: 'Shipwrecked alone on an island near the mouth of the Orinoco, Robinson Crusoe builds a life from salvage, hard work and ingenuity over nearly three decades. Many years in, he rescues a man he names Friday. Defoe’s survival story is often counted among the first English novels.',
  },
  {
    title: 'Gulliver’s Travels', author: 'Jonathan Swift', publishedDate: '1726-10-28', language: 'English', pageCount: 306,
    genres: ['Fantasy', 'Adventure'], publisher: 'Benjamin Motte', fame: 2,
    description: 'The ship’s surgeon Lemuel Gulliver visits a series of strange lands: Lilliput, whose people stand six inches tall; Brobdingnag, a country of giants; a flying island of impractical scholars; and a land ruled by wise horses. Each voyage lets Swift skewer politics and human pride. A children’s favourite that is also one of the sharpest satires in English.',
  },
  {
    title: 'Alice’s Adventures in Wonderland', author: 'Lewis Carroll', publishedDate: '1865-11-26', language: 'English', pageCount: 96,
    genres: ['Fantasy'], publisher: 'Macmillan', fame: 3,
    description: 'Bored on a riverbank, Alice follows a White Rabbit down a hole into a world where she shrinks and grows and meets the Cheshire Cat, the Mad Hatter and the furious Queen of Hearts. Nothing behaves as it should, least of all logic and language. Nonsense of the most carefully crafted kind.',
  },
  {
    title: 'The Wind in the Willows', author: 'Kenneth Grahame', publishedDate: '1908-10-08', language: 'English', pageCount: 224,
    genres: ['Fantasy', 'Adventure'], publisher: 'Methuen',
    description: 'The gentle Mole abandons his spring cleaning and discovers the riverbank, where he befriends the Water Rat, the wise Badger and the reckless, motor-car-mad Mr Toad. Their adventures run from picnics to a daring raid to win back Toad Hall. A much-loved mix of comedy, friendship and lyrical nature writing.',
  },
  {
    title: 'Peter and Wendy', author: 'J. M. Barrie', publishedDate: '1911-01-01', language: 'English', pageCount: 192,
    genres: ['Fantasy', 'Adventure'], publisher: 'Hodder & Stoughton',
    description: 'Wendy Darling and her brothers fly out of their London nursery with Peter Pan, the boy who will not grow up, to the island of the Neverland. There they meet the Lost Boys, mermaids and the villainous Captain Hook. Playful and adventurous, with a bittersweet undertone about growing up.',
  },
  {
    title: 'Winnie-the-Pooh', author: 'A. A. Milne', publishedDate: '1926-10-14', language: 'English', pageCount: 176,
    genres: ['Fantasy'], publisher: 'Methuen',
    description: 'Christopher Robin’s bear lives in the Hundred Acre Wood with Piglet, Eeyore, Owl, Rabbit, Kanga and Roo. His adventures involve honey, Heffalumps and an expedition to the North Pole. Gentle stories that are just as funny read aloud to grown-ups.',
  },
  {
    title: 'The Mysterious Affair at Styles', author: 'Agatha Christie', publishedDate: '1920-01-01', language: 'English', pageCount: 296,
    genres: ['Mystery', 'Crime'], publisher: 'John Lane',
    description: 'At Styles Court, the wealthy Emily Inglethorp dies of poison, and suspicion falls on her much younger husband and her stepsons. Arthur Hastings, home from the war, calls in his friend Hercule Poirot, a Belgian refugee staying in the village. Christie’s first novel introduced her famous detective.',
  },
  {
    title: 'The Murder of Roger Ackroyd', author: 'Agatha Christie', publishedDate: '1926-06-01', language: 'English', pageCount: 312,
    genres: ['Mystery', 'Crime'], publisher: 'William Collins, Sons', fame: 2,
    description: 'In the village of King’s Abbot, Roger Ackroyd is stabbed in his study soon after learning that the widow he loved was being blackmailed. Hercule Poirot, who had hoped to retire and grow vegetable marrows, takes up the case with the local doctor at his side. Its solution made it one of the most argued-about crime novels ever written.',
  },
  {
    title: 'The Moonstone', author: 'Wilkie Collins', publishedDate: '1868-01-01', language: 'English', pageCount: 528,
    genres: ['Mystery', 'Crime'], publisher: 'Tinsley Brothers', edition: 'First edition, 3 volumes',
    description: 'A great yellow diamond, taken from a temple in India, is left to young Rachel Verinder on her birthday and vanishes the same night. Sergeant Cuff of Scotland Yard and a chain of narrators piece together what happened. Often called the first full-length detective novel in English.',
  },
  {
    title: 'The Woman in White', author: 'Wilkie Collins', publishedDate: '1860-01-01', language: 'English', pageCount: 672,
    genres: ['Thriller', 'Mystery'], publisher: 'Sampson Low, Son & Co.', edition: 'First edition, 3 volumes',
    description: 'Walter Hartright, a drawing master, meets a frightened woman dressed all in white on a moonlit road outside London. She proves to be linked to his pupil Laura Fairlie, whose marriage to Sir Percival Glyde hides a sinister plot. Told by a series of witnesses, it is a sensation novel full of suspense.',
  },
  {
    title: 'The Thirty-Nine Steps', author: 'John Buchan', publishedDate: '1915-01-01', language: 'English', pageCount: 138,
    genres: ['Thriller', 'Adventure'], publisher: 'William Blackwood and Sons',
    description: 'Richard Hannay, bored in London, finds a murdered spy in his flat and has to run north into Scotland, hunted by the police and by a ring of enemy agents. All he has to go on is a coded notebook and a strange phrase. Buchan’s brisk thriller set the pattern for the innocent man on the run.',
  },
  {
    title: 'The Riddle of the Sands', author: 'Erskine Childers', publishedDate: '1903-01-01', language: 'English', pageCount: 336,
    genres: ['Thriller', 'Adventure'], publisher: 'Smith, Elder & Co.',
    description: 'Two young Englishmen sailing a small yacht among the sandbanks of the German Frisian coast stumble on signs of secret preparations for an invasion of Britain. Childers packs the book with sailing lore and mounting tension. It is often counted among the first modern spy novels.',
  },
  {
    title: 'King Solomon’s Mines', author: 'H. Rider Haggard', publishedDate: '1885-01-01', language: 'English', pageCount: 320,
    genres: ['Adventure'], publisher: 'Cassell & Company',
    description: 'The hunter Allan Quatermain leads Sir Henry Curtis and Captain Good into the African interior to find Sir Henry’s lost brother and the fabled mines of King Solomon. They are drawn into a war over the throne of a hidden kingdom. A founding ‘lost world’ adventure that also carries the colonial attitudes of its day.',
  },
  {
    title: 'The Castle of Otranto', author: 'Horace Walpole', publishedDate: '1764-12-24', language: 'English', pageCount: 128,
    genres: ['Horror', 'Romance'], publisher: 'Thomas Lownds',
    description: 'Manfred, prince of Otranto, is desperate to secure his line, but on his son’s wedding day a gigantic helmet falls from the sky and crushes the boy. Manfred’s scheme to marry the bride himself sets loose prophecies, apparitions and flights through secret passages. Walpole’s short novel launched the Gothic tale.',
  },
  {
    title: 'The Importance of Being Earnest', author: 'Oscar Wilde', publishedDate: '1899-01-01', language: 'English', pageCount: 76,
    genres: ['Drama'], publisher: 'Leonard Smithers', fame: 2,
    description: 'Two young men in London invent convenient alter egos to escape their duties, and chaos follows when both claim the name Ernest to win the women they love. Wilde’s comedy is a storm of paradox and polished wit. One of the most quoted plays in English.',
  },
  {
    title: 'Hamlet', author: 'William Shakespeare', publishedDate: '1603-01-01', language: 'English', pageCount: 342,
    genres: ['Drama'], edition: 'First Quarto', fame: 2,
    description: 'Prince Hamlet of Denmark learns from his father’s ghost that his uncle, now king and married to his mother, is a murderer. His struggle to act on that knowledge brings madness, real or feigned, and a string of deaths. Shakespeare’s longest play is full of lines that have passed into everyday speech.',
  },
  {
    title: 'Paradise Lost', author: 'John Milton', publishedDate: '1667-01-01', language: 'English', pageCount: 453,
    genres: ['Poetry'], publisher: 'Samuel Simmons', edition: 'First edition, in ten books',
    description: 'Milton’s epic retells the fall of humankind: Satan’s rebellion against God, his flight from Hell and his temptation of Adam and Eve in the Garden of Eden. Satan is drawn so vividly that readers have argued about him ever since. Grand, musical, demanding blank verse.',
  },
  {
    title: 'The Canterbury Tales', author: 'Geoffrey Chaucer', publishedDate: '1476-01-01', language: 'English', pageCount: 504,
    genres: ['Poetry', 'Fiction'], publisher: 'William Caxton', edition: 'First printed edition',
    description: 'A company of pilgrims riding to Canterbury hold a storytelling contest, and their tales range from knightly romance to bawdy farce and sermon. The General Prologue gives each teller a sharp, funny portrait. Written in Middle English, it is a great comic panorama of medieval society.',
  },
  {
    title: 'Self-Help', author: 'Samuel Smiles', publishedDate: '1859-01-01', language: 'English', pageCount: 432,
    genres: ['Self-Help', 'Biography'], publisher: 'John Murray',
    description: 'Through short life stories of inventors, engineers, artists and craftsmen, Samuel Smiles argues that perseverance, thrift and character count for more than birth or luck. The book was a huge Victorian success and gave its name to a whole shelf of later books. The examples are dated; the case for steady effort is not.',
  },
  {
    title: 'As a Man Thinketh', author: 'James Allen', publishedDate: '1903-01-01', language: 'English', pageCount: 68,
    genres: ['Self-Help'],
    description: 'A short essay arguing that our habitual thoughts shape our character, our circumstances and even our health. Allen writes in plain, almost scriptural prose. It has been a quiet favourite of self-improvement readers for more than a century.',
  },
  {
    title: 'The Life of Samuel Johnson', author: 'James Boswell', publishedDate: '1791-05-16', language: 'English', pageCount: 1480,
    genres: ['Biography'], category: 'Biography', publisher: 'Charles Dilly', edition: 'First edition, 2 volumes',
    description: 'James Boswell records the life and talk of Samuel Johnson, the great dictionary-maker and critic, drawing on years of friendship and his own meticulous notes. Johnson’s wit, prejudices and kindness fill the pages. Often called the finest biography in English.',
  },
  {
    title: 'The History of the Decline and Fall of the Roman Empire', author: 'Edward Gibbon', publishedDate: '1776-02-17', language: 'English', pageCount: 1312,
    genres: ['History', 'Non-Fiction'], publisher: 'W. Strahan and T. Cadell', edition: 'First edition, volume one',
    description: 'Edward Gibbon traces the long decline of Rome from the age of the Antonines to the fall of Constantinople in 1453. His elegant, ironic prose takes in emperors, invaders and the rise of Christianity. The first volume was an immediate success and the whole remains a monument of historical writing.',
  },
  {
    title: 'On the Origin of Species', author: 'Charles Darwin', publishedDate: '1859-11-24', language: 'English', pageCount: 502,
    genres: ['Non-Fiction'], category: 'Science', publisher: 'John Murray', fame: 2,
    description: 'Darwin sets out the case that species change over time through natural selection, drawing on pigeon breeding, fossils, geography and observations from his voyage on the Beagle. Written for general readers, it anticipates objections patiently. Few books have changed so deeply how people see the living world.',
  },
  {
    title: 'The Wealth of Nations', author: 'Adam Smith', publishedDate: '1776-03-09', language: 'English', pageCount: 1264,
    genres: ['Business', 'Non-Fiction'], category: 'Educational', publisher: 'W. Strahan and T. Cadell', edition: 'First edition, 2 volumes',
    description: 'Adam Smith asks how nations grow rich, starting from the division of labour in a pin factory and moving on to trade, wages, money and taxes. He argues that free exchange and competition usually serve the public good, while warning against monopolies and the influence of merchants. The book that founded modern economics.',
  },
  {
    title: 'A Vindication of the Rights of Woman', author: 'Mary Wollstonecraft', publishedDate: '1792-01-01', language: 'English', pageCount: 320,
    genres: ['Non-Fiction'], publisher: 'Joseph Johnson',
    description: 'Mary Wollstonecraft argues that women are not naturally inferior to men; they only seem so because they are denied an education. She calls for women to be taught as rational beings and treated as partners. One of the founding works of feminist thought.',
  },

  // American books
  {
    title: 'The Great Gatsby', author: 'F. Scott Fitzgerald', publishedDate: '1925-04-10', language: 'English', pageCount: 180,
    genres: ['Fiction', 'Romance'], publisher: 'Charles Scribner’s Sons', fame: 3,
    description: 'Nick Carraway rents a cottage on Long Island in the summer of 1922 and becomes the neighbour of Jay Gatsby, a mysterious millionaire who throws lavish parties. Gatsby’s one dream is to win back Daisy Buchanan, Nick’s cousin, now married to the brutish Tom. A short, glittering, sorrowful portrait of the Jazz Age and the American dream.',
  },
  {
    title: 'The Sun Also Rises', author: 'Ernest Hemingway', publishedDate: '1926-10-22', language: 'English', pageCount: 251,
    genres: ['Fiction'], publisher: 'Charles Scribner’s Sons',
    description: 'Jake Barnes, an American journalist wounded in the war, travels from Paris to the bullfights of Pamplona with a restless crowd of expatriates, among them the magnetic Lady Brett Ashley. Drinking, fishing and rivalry fill the days. Hemingway’s spare prose caught the mood of the ‘lost generation’.',
  },
  {
    title: 'Moby-Dick', author: 'Herman Melville', publishedDate: '1851-11-14', language: 'English', pageCount: 635,
    genres: ['Adventure', 'Fiction'], publisher: 'Harper & Brothers', fame: 2,
    description: 'The sailor Ishmael signs on to the whaler Pequod, whose captain, Ahab, is consumed by his hunt for the white whale that took his leg. The voyage mixes adventure with long digressions on whales, the sea and the limits of knowledge. Little read in Melville’s lifetime, it is now a cornerstone of American literature.',
  },
  {
    title: 'Adventures of Huckleberry Finn', author: 'Mark Twain', publishedDate: '1884-12-10', language: 'English', pageCount: 366,
    genres: ['Adventure', 'Fiction'], publisher: 'Chatto & Windus', fame: 2,
    description: 'Huck escapes his violent father by faking his own death and rafts down the Mississippi with Jim, a man fleeing slavery. Their journey exposes the hypocrisy and cruelty of the towns along the river. Told in Huck’s own voice, it is funny, angry and still argued over.',
  },
  {
    title: 'The Adventures of Tom Sawyer', author: 'Mark Twain', publishedDate: '1876-01-01', language: 'English', pageCount: 274,
    genres: ['Adventure', 'Fiction'], publisher: 'American Publishing Company',
    description: 'Tom Sawyer, a mischievous boy in a Mississippi river town, tricks his friends into whitewashing a fence, plays pirate and falls for Becky Thatcher. When he and Huck Finn witness a murder in the graveyard, their games take a serious turn. Twain’s affectionate comedy of boyhood.',
  },
  {
    title: 'Little Women', author: 'Louisa May Alcott', publishedDate: '1868-09-30', language: 'English', pageCount: 759,
    genres: ['Fiction'], publisher: 'Roberts Brothers', fame: 3,
    description: 'The four March sisters, dutiful Meg, fiery Jo, shy Beth and vain Amy, grow up in New England while their father serves in the Civil War. Through poverty, ambition, friendship with the boy next door and real loss, each finds her own way. Alcott drew on her own family, and Jo remains one of fiction’s best-loved writers.',
  },
  {
    title: 'The Scarlet Letter', author: 'Nathaniel Hawthorne', publishedDate: '1850-03-16', language: 'English', pageCount: 272,
    genres: ['Fiction', 'Romance'], publisher: 'Ticknor, Reed & Fields',
    description: 'In Puritan Boston, Hester Prynne is condemned to wear a scarlet ‘A’ for bearing a child outside marriage, and she refuses to name the father. Her long-lost husband arrives under a false name and sets out to find him. Hawthorne’s novel is a searching study of guilt, hypocrisy and dignity.',
  },
  {
    title: 'Uncle Tom’s Cabin', author: 'Harriet Beecher Stowe', publishedDate: '1852-03-20', language: 'English', pageCount: 629,
    genres: ['Fiction', 'History'], category: 'Bestseller', publisher: 'John P. Jewett and Company',
    description: 'Stowe follows enslaved people from a Kentucky farm: Eliza, who escapes with her child across the ice of the Ohio River, and Tom, who is sold south and holds on to his faith through growing cruelty. It became the best-selling novel of its century and gave force to the movement against slavery. Readers today also note its stereotypes.',
  },
  {
    title: 'The Age of Innocence', author: 'Edith Wharton', publishedDate: '1920-01-01', language: 'English', pageCount: 365,
    genres: ['Fiction', 'Romance'], category: 'Award Winner', publisher: 'D. Appleton & Company',
    description: 'Newland Archer, a young lawyer in 1870s New York, is engaged to the entirely suitable May Welland when her unconventional cousin, Countess Ellen Olenska, comes home from Europe. Torn between duty and desire, he learns how tightly his polished world holds its members. The novel made Wharton the first woman to win the Pulitzer Prize for fiction.',
  },
  {
    title: 'The House of Mirth', author: 'Edith Wharton', publishedDate: '1905-01-01', language: 'English', pageCount: 329,
    genres: ['Fiction'], publisher: 'Charles Scribner’s Sons',
    description: 'Lily Bart, beautiful, well-bred and short of money, must marry well to keep her place in New York society. Her hesitations and scruples send her sliding down the social ladder. Wharton’s sharp portrait of a world in which a woman’s future hangs on the marriage market.',
  },
  {
    title: 'Ethan Frome', author: 'Edith Wharton', publishedDate: '1911-01-01', language: 'English', pageCount: 128,
    genres: ['Fiction'], publisher: 'Charles Scribner’s Sons',
    description: 'In a bleak New England village, the poor farmer Ethan Frome is trapped in a joyless marriage to his ailing wife, Zeena, until her young cousin Mattie comes to help. Their quiet affection leads to a desperate choice on a sledding hill. Short, stark and hard to forget.',
  },
  {
    title: 'The Call of the Wild', author: 'Jack London', publishedDate: '1903-01-01', language: 'English', pageCount: 172,
    genres: ['Adventure', 'Fiction'], publisher: 'Macmillan', fame: 2,
    description: 'Buck, a big, pampered dog from a California estate, is stolen and sold as a sled dog in the Klondike gold rush. Through brutal work and fights he learns to survive, and hears the call of his wild ancestors ever more clearly. An adventure told from an animal’s point of view.',
  },
  {
    title: 'My Ántonia', author: 'Willa Cather', publishedDate: '1918-01-01', language: 'English', pageCount: 238,
    genres: ['Fiction'], publisher: 'Houghton Mifflin',
    description: 'Jim Burden looks back on his boyhood on the Nebraska prairie and his friendship with Ántonia Shimerda, the daughter of a Bohemian immigrant family. Through hard winters and changing fortunes, Ántonia stays at the centre of his memory. A moving tribute to pioneer life and to the people who made it.',
  },
  {
    title: 'The Bridge of San Luis Rey', author: 'Thornton Wilder', publishedDate: '1927-01-01', language: 'English', pageCount: 128,
    genres: ['Fiction'], category: 'Award Winner', publisher: 'Albert & Charles Boni',
    description: 'In 1714 a rope bridge in Peru gives way and five travellers fall to their deaths. A Franciscan friar who saw it happen sets out to learn whether their lives reveal a divine plan. Wilder’s short, Pulitzer-winning novel asks quiet, searching questions about love and chance.',
  },
  {
    title: 'The Awakening', author: 'Kate Chopin', publishedDate: '1899-01-01', language: 'English', pageCount: 195,
    genres: ['Fiction'], publisher: 'Herbert S. Stone & Company',
    description: 'On a summer holiday on the Gulf Coast, Edna Pontellier, a wife and mother, begins to question the life expected of her. Back in New Orleans she looks for independence in painting, friendship and love. Condemned when it appeared, Chopin’s novel is now admired for its honesty.',
  },
  {
    title: 'The Jungle', author: 'Upton Sinclair', publishedDate: '1906-01-01', language: 'English', pageCount: 413,
    genres: ['Fiction'], publisher: 'Doubleday, Page & Company',
    description: 'Jurgis Rudkus, a Lithuanian immigrant, comes to Chicago hoping for a better life and finds brutal work in the meatpacking plants. Poverty, exploitation and disaster wear his family down. The book’s picture of the industry horrified readers and helped bring about new food-safety laws.',
  },
  {
    title: 'The Wonderful Wizard of Oz', author: 'L. Frank Baum', publishedDate: '1900-05-17', language: 'English', pageCount: 154,
    genres: ['Fantasy', 'Adventure'], publisher: 'George M. Hill Company', fame: 2,
    description: 'A cyclone carries Dorothy Gale and her dog Toto from Kansas to the magical Land of Oz. To get home she follows the yellow brick road to the Emerald City with a Scarecrow who wants brains, a Tin Woodman who wants a heart and a Cowardly Lion who wants courage. Baum set out to write a fairy tale that was thoroughly American.',
  },
  {
    title: 'Anne of Green Gables', author: 'L. M. Montgomery', publishedDate: '1908-01-01', language: 'English', pageCount: 320,
    genres: ['Fiction'], publisher: 'L. C. Page & Company', fame: 2,
    description: 'The elderly Cuthbert siblings, Matthew and Marilla, mean to adopt a boy to help on their Prince Edward Island farm, but a talkative, red-haired girl called Anne arrives instead. Her imagination and her mishaps win over the whole community. A warm, funny story about finding where you belong.',
  },
  {
    title: 'The Secret Garden', author: 'Frances Hodgson Burnett', publishedDate: '1911-01-01', language: 'English', pageCount: 288,
    genres: ['Fiction'], publisher: 'Frederick A. Stokes',
    description: 'Spoiled, sickly Mary Lennox, orphaned in India, is sent to her uncle’s gloomy house on the Yorkshire moors. She finds a locked and neglected garden and, with a local boy and her bedridden cousin, brings it back to life. As the garden blooms, so do the children.',
  },
  {
    title: 'Walden', author: 'Henry David Thoreau', publishedDate: '1854-08-09', language: 'English', pageCount: 352,
    genres: ['Non-Fiction'], category: 'Non-Fiction', publisher: 'Ticknor and Fields',
    description: 'Thoreau describes the two years he spent in a cabin he built beside Walden Pond in Massachusetts. He reflects on simplicity, self-reliance, the seasons and the way people spend their lives. Part memoir, part philosophy, part nature writing.',
  },
  {
    title: 'Leaves of Grass', author: 'Walt Whitman', publishedDate: '1855-07-04', language: 'English', pageCount: 456,
    genres: ['Poetry'], category: 'Indie', edition: 'First edition (self-published)',
    description: 'Whitman’s poems celebrate the self, the body, democracy and the crowded life of America in long, free-flowing lines. He paid for the first edition himself and kept revising and expanding the book for the rest of his life. Its frankness shocked many readers, and its form changed American poetry.',
  },
  {
    title: 'The Raven and Other Poems', author: 'Edgar Allan Poe', publishedDate: '1845-01-01', language: 'English', pageCount: 112,
    genres: ['Poetry', 'Horror'], publisher: 'Wiley and Putnam',
    description: 'This collection gathers Poe’s best-known verse, led by ‘The Raven’, in which a grieving student is visited by a bird that answers every question with the same word. The poems are musical, melancholy and haunted by loss. It appeared in the year the title poem made Poe famous.',
  },
  {
    title: 'Poems by Emily Dickinson', author: 'Emily Dickinson', publishedDate: '1890-01-01', language: 'English', pageCount: 176,
    genres: ['Poetry'], publisher: 'Roberts Brothers',
    description: 'The first collection of Emily Dickinson’s poems appeared four years after her death, edited by friends who smoothed some of her unusual punctuation. Her short, compressed poems look at death, nature, faith and the inner life with startling originality. A small book that opened a large door.',
  },
  {
    title: 'The Waste Land', author: 'T. S. Eliot', publishedDate: '1922-01-01', language: 'English', pageCount: 64,
    genres: ['Poetry'], publisher: 'Boni & Liveright', edition: 'First book edition',
    description: 'Eliot’s long poem pieces together voices, myths and scraps of older literature into a portrait of a spiritually exhausted world after the First World War. Its sudden shifts and dense allusions made it a landmark of modernist poetry. Read aloud, its music often lands before its meaning does.',
  },
  {
    title: 'The Prophet', author: 'Kahlil Gibran', publishedDate: '1923-01-01', language: 'English', pageCount: 112,
    genres: ['Poetry', 'Self-Help'], category: 'Bestseller', publisher: 'Alfred A. Knopf',
    description: 'The prophet Almustafa, about to sail home after twelve years in a foreign city, is asked by its people to speak to them about life. His answers, on love, marriage, children, work, joy and sorrow, death and more, form a series of short poetic essays. It has been one of the best-selling books of poetry ever since.',
  },
  {
    title: 'Narrative of the Life of Frederick Douglass', author: 'Frederick Douglass', publishedDate: '1845-01-01', language: 'English', pageCount: 128,
    genres: ['Biography', 'History'], publisher: 'Anti-Slavery Office',
    description: 'Frederick Douglass describes his childhood and youth in slavery in Maryland, how he taught himself to read against his enslavers’ wishes and how he finally escaped to freedom. Written in clear, forceful prose, the narrative became one of the strongest voices of the abolitionist movement.',
  },
  {
    title: 'Up from Slavery', author: 'Booker T. Washington', publishedDate: '1901-01-01', language: 'English', pageCount: 320,
    genres: ['Biography', 'History'], publisher: 'Doubleday, Page & Company',
    description: 'Booker T. Washington recounts his journey from enslavement in Virginia to founding the Tuskegee Institute in Alabama. He stresses education, practical skill and self-reliance. An influential and much-debated account of life after emancipation.',
  },
  {
    title: 'The Story of My Life', author: 'Helen Keller', publishedDate: '1903-01-01', language: 'English', pageCount: 288,
    genres: ['Biography'], publisher: 'Doubleday, Page & Company',
    description: 'Helen Keller, deaf and blind from infancy, tells how her teacher Anne Sullivan broke through her isolation by spelling words into her hand. She goes on to describe her schooling and her studies at Radcliffe College, where she wrote the book. Warm, vivid and remarkable.',
  },
  {
    title: 'The Souls of Black Folk', author: 'W. E. B. Du Bois', publishedDate: '1903-01-01', language: 'English', pageCount: 265,
    genres: ['Non-Fiction', 'History'], publisher: 'A. C. McClurg & Co.',
    description: 'In these essays W. E. B. Du Bois explores Black American life after emancipation, naming the ‘double consciousness’ of living under another’s gaze and calling the colour line the problem of the twentieth century. He moves between history, sociology, memoir and music. A foundational book of American thought.',
  },
  {
    title: 'Common Sense', author: 'Thomas Paine', publishedDate: '1776-01-10', language: 'English', pageCount: 48,
    genres: ['History', 'Non-Fiction'], publisher: 'R. Bell',
    description: 'Published anonymously in January 1776, Paine’s pamphlet argues in plain, punchy language that the American colonies should break from Britain and govern themselves as a republic. It sold in enormous numbers and helped swing opinion toward independence.',
  },
  {
    title: 'The Theory of the Leisure Class', author: 'Thorstein Veblen', publishedDate: '1899-01-01', language: 'English', pageCount: 400,
    genres: ['Business', 'Non-Fiction'], publisher: 'Macmillan',
    description: 'Veblen examines how the wealthy display their status through ‘conspicuous consumption’ and ‘conspicuous leisure’, and traces these habits back to older patterns of prestige. Sharp and ironic, it still reads as a commentary on fashion and advertising.',
  },
  {
    title: 'The Principles of Scientific Management', author: 'Frederick Winslow Taylor', publishedDate: '1911-01-01', language: 'English', pageCount: 144,
    genres: ['Business', 'Non-Fiction'], category: 'Educational', publisher: 'Harper & Brothers',
    description: 'Taylor argues that work can be studied like an experiment: tasks measured, methods standardised and workers trained and matched to them. His examples range from shovelling to loading pig iron. Hugely influential and much criticised, it is where management science begins.',
  },

  // French
  {
    title: 'Madame Bovary', author: 'Gustave Flaubert', publishedDate: '1857-01-01', language: 'French', pageCount: 329,
    genres: ['Fiction', 'Romance'], publisher: 'Michel Lévy frères', edition: 'First book edition', fame: 2,
    description: 'Emma Bovary, married to a dull country doctor, has grown up on romantic novels and expects life to match them. Boredom leads her into love affairs and debts that spiral out of control. Flaubert’s exact, ironic style made the book a landmark of realism, and its frankness put him on trial.',
  },
  {
    title: 'Les Misérables', author: 'Victor Hugo', publishedDate: '1862-01-01', language: 'French', pageCount: 1463,
    genres: ['Fiction', 'History'], publisher: 'A. Lacroix, Verboeckhoven & Cie', fame: 3,
    description: 'Jean Valjean, freed after nineteen years in prison that began with a stolen loaf of bread, is transformed by a bishop’s mercy and spends his life trying to be a good man under a false name. The relentless Inspector Javert pursues him through decades of French history, up to the barricades of 1832. A vast novel about justice, poverty and compassion.',
  },
  {
    title: 'The Hunchback of Notre-Dame', author: 'Victor Hugo', publishedDate: '1831-03-16', language: 'French', pageCount: 510,
    genres: ['Fiction', 'Romance', 'History'], publisher: 'Charles Gosselin',
    description: 'In fifteenth-century Paris, the deaf bell-ringer Quasimodo, the tormented archdeacon Frollo and a vain young captain are all drawn to the street dancer Esmeralda. Their passions end in tragedy around the great cathedral, which Hugo treats as a character in its own right. The novel helped spark a movement to save France’s Gothic buildings.',
  },
  {
    title: 'The Count of Monte Cristo', author: 'Alexandre Dumas', publishedDate: '1844-01-01', language: 'French', pageCount: 1276,
    genres: ['Adventure', 'Fiction'], edition: 'First published as a newspaper serial', fame: 3,
    description: 'Edmond Dantès, a young sailor about to be married, is betrayed by jealous rivals and locked away in the island fortress of the Château d’If. Years later he escapes, finds a hidden fortune and returns as the mysterious Count of Monte Cristo to reward his friends and punish his enemies. A sweeping adventure about revenge and its price.',
  },
  {
    title: 'The Three Musketeers', author: 'Alexandre Dumas', publishedDate: '1844-01-01', language: 'French', pageCount: 625,
    genres: ['Adventure', 'History'], edition: 'First published as a newspaper serial', fame: 2,
    description: 'Young d’Artagnan arrives in Paris hoping to join the King’s Musketeers and, after challenging three of them to duels on the same afternoon, becomes the friend of Athos, Porthos and Aramis. Together they take on Cardinal Richelieu’s agents and the dangerous Milady de Winter. Swordfights, intrigue and loyalty, told with tremendous energy.',
  },
  {
    title: 'Twenty Thousand Leagues Under the Seas', author: 'Jules Verne', publishedDate: '1870-01-01', language: 'French', pageCount: 426,
    genres: ['Science Fiction', 'Adventure'], publisher: 'Pierre-Jules Hetzel', edition: 'First book edition', fame: 2,
    description: 'A professor, his servant and a harpooner set out to hunt a sea monster and end up captives aboard the Nautilus, a submarine commanded by the enigmatic Captain Nemo. They cross the world’s oceans, from coral forests to the South Pole, while glimpsing fragments of Nemo’s past. Science, wonder and a brooding mystery.',
  },
  {
    title: 'Around the World in Eighty Days', author: 'Jules Verne', publishedDate: '1873-01-01', language: 'French', pageCount: 252,
    genres: ['Adventure'], publisher: 'Pierre-Jules Hetzel', edition: 'First book edition', fame: 2,
    description: 'The precise, unflappable Phileas Fogg bets his London club that he can circle the globe in eighty days. With his French valet Passepartout, and trailed by a detective convinced he is a bank robber, he races by steamer, train and elephant. A brisk, funny adventure with a famous twist at the end.',
  },
  {
    title: 'Candide', author: 'Voltaire', publishedDate: '1759-01-01', language: 'French', pageCount: 144,
    genres: ['Fiction', 'Adventure'], publisher: 'Gabriel Cramer',
    description: 'The innocent young Candide, taught by his tutor Pangloss that all is for the best in the best of all possible worlds, is thrown out of a castle and into war, earthquake, shipwreck and the Inquisition. Each disaster makes the philosophy harder to believe. Voltaire’s short satire ends with some famously practical advice.',
  },
  {
    title: 'The Red and the Black', author: 'Stendhal', publishedDate: '1830-01-01', language: 'French', pageCount: 576,
    genres: ['Fiction', 'Romance'], publisher: 'A. Levavasseur',
    description: 'Julien Sorel, the ambitious son of a provincial carpenter, uses charm and hypocrisy to climb through Restoration France, first as tutor in a mayor’s household and then in Paris. His affairs with Madame de Rênal and the proud Mathilde de la Mole end in disaster. A sharp psychological study of ambition and class.',
  },
  {
    title: 'Germinal', author: 'Émile Zola', publishedDate: '1885-01-01', language: 'French', pageCount: 592,
    genres: ['Fiction', 'History'], publisher: 'G. Charpentier',
    description: 'Étienne Lantier arrives in a coal-mining town in northern France and is drawn into the miners’ desperate fight against hunger and their company. A strike builds and then turns violent. Zola’s novel is a powerful, unflinching portrait of industrial labour.',
  },
  {
    title: 'The Phantom of the Opera', author: 'Gaston Leroux', publishedDate: '1910-01-01', language: 'French', pageCount: 360,
    genres: ['Horror', 'Mystery', 'Romance'], publisher: 'Pierre Lafitte', edition: 'First book edition',
    description: 'A masked figure haunts the Paris Opera House, demanding his own box and a salary and pushing the career of the young soprano Christine Daaé. As her childhood friend Raoul investigates, the truth about the ‘Opera Ghost’ proves both horrifying and sad. Mystery, romance and Gothic horror in equal measure.',
  },
  {
    title: 'Cyrano de Bergerac', author: 'Edmond Rostand', publishedDate: '1898-01-01', language: 'French', pageCount: 240,
    genres: ['Drama', 'Romance'],
    description: 'Cyrano, a brilliant poet and swordsman cursed with an enormous nose, loves his cousin Roxane but believes she could never love him back. When she falls for the handsome, tongue-tied Christian, Cyrano writes his love letters for him. A swashbuckling, funny and deeply romantic verse play.',
  },

  // Russian
  {
    title: 'War and Peace', author: 'Leo Tolstoy', publishedDate: '1869-01-01', language: 'Russian', pageCount: 1296,
    genres: ['Fiction', 'History'], edition: 'First complete book edition', fame: 2,
    description: 'Tolstoy follows several aristocratic Russian families, above all the searching Pierre Bezukhov, the proud Prince Andrei and the lively Natasha Rostova, through the wars against Napoleon. Ballrooms alternate with battlefields as the characters love, lose and look for meaning. Vast in scope yet intimate in detail, it also reflects on how history itself moves.',
  },
  {
    title: 'Anna Karenina', author: 'Leo Tolstoy', publishedDate: '1878-01-01', language: 'Russian', pageCount: 864,
    genres: ['Fiction', 'Romance'], edition: 'First book edition', fame: 3,
    description: 'Anna, married to a cold senior official in St Petersburg, falls in love with the dashing officer Vronsky and risks everything her society allows her. Her story runs alongside that of Levin, a landowner wrestling with faith, farming and his love for Kitty. A searching novel about passion, family and the rules that govern both.',
  },
  {
    title: 'Crime and Punishment', author: 'Fyodor Dostoevsky', publishedDate: '1866-01-01', language: 'Russian', pageCount: 671,
    genres: ['Fiction', 'Crime'], publisher: 'The Russian Messenger', edition: 'First published as a magazine serial', fame: 3,
    description: 'Raskolnikov, a destitute former student in St Petersburg, persuades himself that an extraordinary man may kill for a higher purpose, and murders an old pawnbroker. The question is less whether he will be caught than whether he can live with himself. A feverish psychological novel, with the patient investigator Porfiry as one of fiction’s great detectives.',
  },
  {
    title: 'The Brothers Karamazov', author: 'Fyodor Dostoevsky', publishedDate: '1880-01-01', language: 'Russian', pageCount: 796,
    genres: ['Fiction', 'Crime'], edition: 'First book edition', fame: 2,
    description: 'Three very different brothers, passionate Dmitri, intellectual Ivan and gentle Alyosha, are drawn into the murder of their dissolute father. Around the crime Dostoevsky stages arguments about God, freedom and responsibility, including the famous tale of the Grand Inquisitor. His last novel is both a courtroom drama and a philosophical epic.',
  },
  {
    title: 'Notes from Underground', author: 'Fyodor Dostoevsky', publishedDate: '1864-01-01', language: 'Russian', pageCount: 136,
    genres: ['Fiction'], publisher: 'Epoch',
    description: 'A bitter retired official addresses the reader from his ‘underground’, mocking the idea that people always act in their own rational interest. He then recounts humiliating episodes from his youth that prove his point all too well. Short, spiteful and strangely funny.',
  },
  {
    title: 'Dead Souls', author: 'Nikolai Gogol', publishedDate: '1842-01-01', language: 'Russian', pageCount: 464,
    genres: ['Fiction'],
    description: 'The smooth-talking Chichikov tours provincial Russia buying up ‘dead souls’, serfs who have died since the last census but still exist on paper, for a scheme of his own. Every landowner he visits is a grotesque comic portrait. Gogol’s unfinished novel is a satire of greed and bureaucracy that still feels sharply absurd.',
  },
  {
    title: 'Fathers and Sons', author: 'Ivan Turgenev', publishedDate: '1862-01-01', language: 'Russian', pageCount: 244,
    genres: ['Fiction'],
    description: 'Arkady brings home his friend Bazarov, a young doctor and self-declared nihilist who rejects all authority and sentiment. His clashes with Arkady’s genteel father and uncle capture the gulf between two generations. Turgenev’s portrait of Bazarov caused an uproar in Russia.',
  },
  {
    title: 'The Cherry Orchard', author: 'Anton Chekhov', publishedDate: '1904-01-01', language: 'Russian', pageCount: 96,
    genres: ['Drama'],
    description: 'The aristocratic Ranevskaya comes home to her family estate, deep in debt and about to be auctioned along with its beloved cherry orchard. A merchant whose father was a serf on the estate offers a practical way out, but no one wants to listen. Chekhov’s last play is gentle, funny and sad about a world changing faster than its people.',
  },
  {
    title: 'We', author: 'Yevgeny Zamyatin', publishedDate: '1924-01-01', language: 'Russian', pageCount: 226,
    genres: ['Science Fiction'], publisher: 'E. P. Dutton', edition: 'First edition (English translation)',
    description: 'In the glass-walled One State of the far future, citizens are known by numbers and live by a timetable. The engineer D-503, building a spaceship, falls for the rebellious I-330 and discovers feelings his society has tried to abolish. A pioneering dystopia that later writers learned from.',
  },

  // German
  {
    title: 'Faust, Part One', author: 'Johann Wolfgang von Goethe', publishedDate: '1808-01-01', language: 'German', pageCount: 224,
    genres: ['Drama', 'Poetry'], publisher: 'J. G. Cotta',
    description: 'The scholar Faust, despairing of knowledge, wagers his soul with the devil Mephistopheles: if he ever finds a moment he wishes would last, he is lost. Their adventures lead to the seduction of the innocent Gretchen and to her tragedy. A cornerstone of German literature.',
  },
  {
    title: 'The Sorrows of Young Werther', author: 'Johann Wolfgang von Goethe', publishedDate: '1774-01-01', language: 'German', pageCount: 160,
    genres: ['Romance', 'Fiction'], publisher: 'Weygand',
    description: 'In letters to a friend, the sensitive young Werther describes his hopeless love for Charlotte, who is engaged to another man. His feelings deepen until he can see no way out. Goethe’s short novel became a sensation across Europe and made him famous overnight.',
  },
  {
    title: 'The Metamorphosis', author: 'Franz Kafka', publishedDate: '1915-01-01', language: 'German', pageCount: 96,
    genres: ['Fiction', 'Fantasy'], publisher: 'Kurt Wolff Verlag', fame: 2,
    description: 'Gregor Samsa, a travelling salesman who supports his family, wakes one morning to find he has been transformed into a monstrous insect. As he struggles to adjust, his family’s pity slowly turns to resentment. Absurd, disturbing and oddly tender about duty and isolation.',
  },
  {
    title: 'The Trial', author: 'Franz Kafka', publishedDate: '1925-01-01', language: 'German', pageCount: 255,
    genres: ['Fiction'], publisher: 'Verlag Die Schmiede',
    description: 'On the morning of his thirtieth birthday, the bank official Josef K. is arrested for a crime no one will name. He tries to fight a court that sits in attics and tenements and whose rules change whenever he learns them. Published after Kafka’s death against his wishes, it has become the defining picture of a person facing faceless power.',
  },
  {
    title: 'Siddhartha', author: 'Hermann Hesse', publishedDate: '1922-01-01', language: 'German', pageCount: 152,
    genres: ['Fiction'], publisher: 'S. Fischer Verlag', fame: 2,
    description: 'In the time of the Buddha, a young Brahmin named Siddhartha leaves home in search of enlightenment. He tries asceticism, wealth and love before learning from a ferryman and from the river itself. A short, lyrical novel about finding one’s own path.',
  },
  {
    title: 'Buddenbrooks', author: 'Thomas Mann', publishedDate: '1901-01-01', language: 'German', pageCount: 731,
    genres: ['Fiction'], category: 'Award Winner', publisher: 'S. Fischer Verlag', edition: 'First edition, 2 volumes',
    description: 'Over four generations a wealthy merchant family of Lübeck slowly loses its fortune, its confidence and its will to carry on. Mann traces the decline through business deals, marriages and the growing artistic sensitivity of the heirs. His first novel, it was singled out when he received the Nobel Prize.',
  },

  // Italian, Spanish, Portuguese
  {
    title: 'The Divine Comedy', author: 'Dante Alighieri', publishedDate: '1472-01-01', language: 'Italian', pageCount: 928,
    genres: ['Poetry'], edition: 'First printed edition', fame: 2,
    description: 'Dante describes his own journey through Hell, Purgatory and Paradise, guided first by the Roman poet Virgil and then by Beatrice. Along the way he meets sinners, penitents and saints, many of them figures from the politics of his day. The poem’s ordered vision of the afterlife has shaped ideas of heaven and hell ever since.',
  },
  {
    title: 'The Prince', author: 'Niccolò Machiavelli', publishedDate: '1532-01-01', language: 'Italian', pageCount: 140,
    genres: ['Non-Fiction', 'History'], publisher: 'Antonio Blado',
    description: 'Machiavelli advises rulers on how to win and keep power, drawing on ancient history and the Italian politics of his own day. He argues that a prince must sometimes act against conventional morality when the state demands it. Short and unsentimental, it made his name a byword for cunning.',
  },
  {
    title: 'The Adventures of Pinocchio', author: 'Carlo Collodi', publishedDate: '1883-01-01', language: 'Italian', pageCount: 208,
    genres: ['Fantasy', 'Adventure'], publisher: 'Felice Paggi',
    description: 'The woodcarver Geppetto carves a puppet that comes to life, and Pinocchio promptly runs away. Lying, skipping school and trusting the wrong people lead him from one scrape to the next. Collodi’s original tale is wilder and darker than the versions most of us know.',
  },
  {
    title: 'Don Quixote', author: 'Miguel de Cervantes', publishedDate: '1605-01-16', language: 'Spanish', pageCount: 1072,
    genres: ['Fiction', 'Adventure'], publisher: 'Francisco de Robles', edition: 'First edition (Part One)', fame: 2,
    description: 'An ageing gentleman of La Mancha reads so many tales of chivalry that he renames himself Don Quixote and rides out as a knight-errant, with the shrewd peasant Sancho Panza as his squire. He mistakes windmills for giants and inns for castles, and the world is seldom kind to him. Often called the first modern novel, it is comic and melancholy by turns.',
  },
  {
    title: 'Platero and I', author: 'Juan Ramón Jiménez', publishedDate: '1914-01-01', language: 'Spanish', pageCount: 160,
    genres: ['Poetry'],
    description: 'A poet describes life in the Andalusian town of Moguer through his companionship with Platero, a small, gentle donkey. In short prose poems he catches the seasons, the villagers and children, and moments of both cruelty and beauty. A lyrical book loved by children and adults alike.',
  },
  {
    title: 'Dom Casmurro', author: 'Machado de Assis', publishedDate: '1899-01-01', language: 'Portuguese', pageCount: 272,
    genres: ['Fiction', 'Romance'], publisher: 'H. Garnier',
    description: 'An older man in Rio de Janeiro, nicknamed ‘Dom Casmurro’, tells of his childhood love for Capitu and of their marriage. As his jealousy grows he becomes convinced she betrayed him with his best friend, yet his own telling leaves the reader unsure. A masterpiece of the unreliable narrator.',
  },
  {
    title: 'The Posthumous Memoirs of Brás Cubas', author: 'Machado de Assis', publishedDate: '1881-01-01', language: 'Portuguese', pageCount: 224,
    genres: ['Fiction'],
    description: 'Brás Cubas narrates his unremarkable life from beyond the grave, with digressions, tiny chapters and barbed jokes at his own expense. Through him Machado satirises the idle elite of nineteenth-century Rio de Janeiro. A playful novel that feels decades ahead of its time.',
  },

  // Chinese and Japanese
  {
    title: 'Journey to the West', author: 'Wu Cheng’en', publishedDate: '1592-01-01', language: 'Chinese', pageCount: 1320,
    genres: ['Fantasy', 'Adventure'], edition: 'First printed edition',
    description: 'The monk Tang Sanzang travels from China to India to bring back Buddhist scriptures, protected by the mischievous Monkey King Sun Wukong, the greedy Pigsy and the quiet Sandy. Along the way demons keep trying to eat the monk. A classic that mixes adventure, comedy and spiritual allegory.',
  },
  {
    title: 'Dream of the Red Chamber', author: 'Cao Xueqin', publishedDate: '1791-01-01', language: 'Chinese', pageCount: 1792,
    genres: ['Fiction', 'Romance'], edition: 'First printed edition',
    description: 'The novel follows the rise and decline of the wealthy Jia family through the eyes of Jia Baoyu, a sensitive young heir, and his cousins Lin Daiyu and Xue Baochai. Hundreds of characters, poems and rituals fill the family’s gardens. Often called the greatest of Chinese novels.',
  },
  {
    title: 'The True Story of Ah Q', author: 'Lu Xun', publishedDate: '1921-01-01', language: 'Chinese', pageCount: 96,
    genres: ['Fiction'], edition: 'First published as a newspaper serial',
    description: 'Ah Q, a poor odd-job man in a Chinese village, turns every humiliation into an imagined victory. Lu Xun’s biting satire of self-deception, written as the old imperial order gave way, is a landmark of modern Chinese literature.',
  },
  {
    title: 'I Am a Cat', author: 'Natsume Sōseki', publishedDate: '1905-01-01', language: 'Japanese', pageCount: 470,
    genres: ['Fiction'], edition: 'First published as a magazine serial',
    description: 'A nameless cat living in a Tokyo schoolteacher’s house comments on the humans around him: their pretensions, their hobbies and their endless talk. Sōseki’s first novel is a loose, comic satire of middle-class life in Meiji Japan.',
  },
  {
    title: 'Kokoro', author: 'Natsume Sōseki', publishedDate: '1914-01-01', language: 'Japanese', pageCount: 248,
    genres: ['Fiction'], publisher: 'Iwanami Shoten',
    description: 'A young student befriends an older man he calls Sensei, who lives quietly and seems to carry a heavy secret. When the student is called home to his dying father, a long letter from Sensei finally explains his past. A quiet meditation on loneliness, guilt and changing times.',
  },
]
