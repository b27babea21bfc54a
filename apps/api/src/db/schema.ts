import type { Generated } from 'kysely'

// Column types as the code sees them (camelCased by CamelCasePlugin). Timestamps are written as
// ISO strings; PostgreSQL reads them back as Date, SQLite as string — mappers use `toIso`.
type Timestamp = string | Date

export interface UsersTable {
  id: string
  name: string
  username: string
  email: string
  passwordHash: string
  userType: 'Reader' | 'Author' | 'Seller'
  bio: Generated<string>
  profileImage: Generated<string>
  tokenVersion: Generated<number>
  /** Changes with every follow of or by the user, edit of a shown field and review of theirs (a cache key); kept by triggers. */
  profileVersion: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface BooksTable {
  id: string
  title: string
  author: string
  authorUserId: string | null
  publisher: Generated<string>
  publisherUserId: string | null
  listedByUserId: string | null
  createdByUserId: string | null
  description: Generated<string>
  coverImage: Generated<string>
  publishedDate: string | null
  language: Generated<string>
  edition: Generated<string>
  pageCount: number | null
  amazonLink: Generated<string>
  isbn: string | null
  category: Generated<string>
  averageRating: Generated<number>
  totalReviews: Generated<number>
  /** Sum of the book's ratings, kept beside totalReviews so averageRating = ratingSum / totalReviews exactly. */
  ratingSum: Generated<number>
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface BookGenresTable {
  bookId: string
  genre: string
}

export interface ReviewsTable {
  id: string
  bookId: string
  userId: string
  rating: number
  comment: string
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface WishlistTable {
  userId: string
  bookId: string
  addedAt: Timestamp
}

export interface ReadsTable {
  userId: string
  bookId: string
  readAt: Timestamp
}

export interface FollowsTable {
  followerId: string
  followeeId: string
  createdAt: Timestamp
}

export interface RevokedTokensTable {
  jti: string
  expiresAt: Timestamp
}

export interface Database {
  users: UsersTable
  books: BooksTable
  bookGenres: BookGenresTable
  reviews: ReviewsTable
  wishlist: WishlistTable
  reads: ReadsTable
  follows: FollowsTable
  revokedTokens: RevokedTokensTable
}
