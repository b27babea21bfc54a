// Business constants of the product spec (§9) and the API's own limits, shared by server and client.

export const GENRES = [
  'Fiction',
  'Non-Fiction',
  'Fantasy',
  'Science Fiction',
  'Mystery',
  'Romance',
  'Biography',
  'History',
  'Thriller',
  'Horror',
  'Self-Help',
  'Business',
  'Poetry',
  'Drama',
  'Adventure',
  'Crime',
] as const

export const BROWSE_CATEGORIES = ['Bestseller', 'New Release', 'Award Winner', 'Classic', 'Contemporary', 'Indie', 'Local Author'] as const

export const ADD_BOOK_CATEGORIES = ['Fiction', 'Non-Fiction', 'Educational', 'Biography', 'Science', 'Technology', 'Other'] as const

/** Every category a book may carry: the Browse filter's and the Add Book form's. */
export const CATEGORIES = [...BROWSE_CATEGORIES, ...ADD_BOOK_CATEGORIES.filter((c) => !(BROWSE_CATEGORIES as readonly string[]).includes(c))] as const

export const LANGUAGES = ['English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Russian', 'Japanese', 'Chinese', 'Hindi'] as const

export const USER_TYPES = ['Reader', 'Author', 'Seller'] as const
export const BOOK_ROLES = ['author', 'publisher', 'none'] as const
export const SEARCH_TYPES = ['all', 'title', 'author'] as const
export const BOOK_SORTS = ['recent', 'published', 'rating', 'title'] as const
/** Search orders: best match, confidence-weighted rating, newest published, most reviewed this week. */
export const SEARCH_SORTS = ['relevance', 'rating', 'published', 'popular'] as const
/** A reader's library orders (issue 22): date read, date added, their rating, title, author. */
export const LIBRARY_SORTS = ['finished', 'added', 'rating', 'title', 'author'] as const
export const SORT_ORDERS = ['asc', 'desc'] as const

export const PAGE_RANGES = [
  { label: '0-100', min: 0, max: 100 },
  { label: '101-300', min: 101, max: 300 },
  { label: '301-500', min: 301, max: 500 },
  // No upper end: a 1,200-page book is '501+' too.
  { label: '501+ pages', min: 501, max: undefined },
] as const

export const RATING_FILTERS = [5, 4, 3, 2, 1] as const
export const DEFAULT_YEAR_RANGE = { min: 2000, max: 2023 } as const

export const LIMITS = {
  ratingMax: 5,
  passwordMin: 6,
  passwordMax: 200,
  usernameMin: 3,
  usernameMax: 30,
  nameMax: 100,
  bioMax: 1000,
  reviewMax: 5000,
  titleMax: 300,
  descriptionMax: 10_000,
  genresMax: 10,
  pageSizeMax: 100,
  searchQueryMax: 200,
  uploadBytesMax: 5 * 1024 * 1024,
  imageSideMax: 1024,
  bodyBytesMax: 1024 * 1024,
  reviewsShown: 5,
  descriptionPreview: 100,
  activityAvatars: 3,
  newReleases: 20,
  topRated: 20,
  popularWeek: 10,
  recentReviews: 8,
  followedBooks: 8,
  followedActivity: 10,
  followedWindowDays: 30,
  tokenDays: 7,
  /** A comment on a review (decision 0042). */
  commentMax: 2000,
  /** Links a comment from an account younger than a day may hold (decision 0042). */
  newAccountLinks: 2,
  /** `@username` mentions of one comment that are looked up and linked. */
  mentionsMax: 10,
} as const

/** Messages the server answers with; the client shows them as they are. */
export const MESSAGES = {
  authRequired: 'Authentication required',
  authFailed: 'Authentication failed: the token is invalid, expired or revoked',
  sessionOnly: 'A personal access token cannot do this; sign in on the site to do it',
  scopeMissing: (scope: string) => `This token lacks the scope "${scope}" this call needs`,
  invalidCredentials: 'Invalid email or password',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  wrongPassword: 'Current password is incorrect',
  alreadyReviewed: 'You have already reviewed this book',
  followSelf: 'You cannot follow yourself',
  onlyImages: 'Only image files are allowed',
  noImage: 'No image file was sent in the field "image"',
  fileTooLarge: 'The image is too large: at most 5 MB',
  tooManyUploads: 'You have uploaded too many images today; try again tomorrow',
  uploadRoomFull: (mb: number) => `Your images take up all the room you have (${mb} MB); no more can be stored`,
  uploadRemoved: (field: string) => `${field}: this image has been removed; upload it again`,
  bodyTooLarge: 'The request body is too large',
  nothingToUpdate: 'Nothing to update: send username, name, bio or profileImage',
  badCursor: 'Cursor is not one this list gave out',
  notFound: 'Not found',
  bookNotFound: 'Book not found',
  userNotFound: 'User not found',
  reviewNotFound: 'Review not found',
  commentNotFound: 'Comment not found',
  parentNotFound: 'parentId: no such comment on this review',
  tooManyLinks: (n: number) => `A new account's comment may hold at most ${n} links; try again tomorrow or remove some`,
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  registered: 'Account created successfully',
  loggedIn: 'Logged in successfully',
  passwordUpdated: 'Password updated successfully',
  userNamed: (name: string) => `User "${name}" not found`,
} as const

/** The reading log's statuses (decision 0018). */
export const READING_STATUSES = ['want', 'reading', 'read', 'paused', 'dnf'] as const
export type ReadingStatus = (typeof READING_STATUSES)[number]

/** The words a reader sees for each status. */
export const READING_STATUS_LABELS: Record<ReadingStatus, string> = {
  want: 'Want to Read',
  reading: 'Currently Reading',
  read: 'Read',
  paused: 'Paused',
  dnf: 'Did Not Finish',
}

/** The units a reader may report a book's progress in (decision 0039): minutes are an audiobook's. */
export const PROGRESS_UNITS = ['pages', 'percent', 'minutes'] as const
export type ProgressUnit = (typeof PROGRESS_UNITS)[number]

/** Who sees a reader's reading log, as a default or for one book (issue 24, point 3, decision 0055). */
export const READING_VISIBILITIES = ['public', 'followers', 'private'] as const
export type ReadingVisibility = (typeof READING_VISIBILITIES)[number]

/** What each choice is called where a reader picks it. */
export const READING_VISIBILITY_LABELS: Record<ReadingVisibility, string> = {
  public: 'Everyone',
  followers: 'Followers only',
  private: 'Only me',
}
