import { MESSAGES, type Book } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import { notFound } from '#/errors.ts'
import { bookExists, findBookById, listBooksByIds } from '#/modules/books/books.repository.ts'

export interface BooksDeps {
  db: Db
}

export const createBooksService = ({ db }: BooksDeps) => ({
  /** One book; 404 'Book not found' when absent. */
  async get(id: string): Promise<Book> {
    const book = await findBookById(db, id)
    if (!book) throw notFound(MESSAGES.bookNotFound)
    return book
  },
  /** Books by id in the given order, for other modules' lists (popular, shelves, feeds). */
  listByIds: (ids: string[]) => listBooksByIds(db, ids),
  /** 404 'Book not found' unless the book exists. */
  async assertExists(id: string): Promise<void> {
    if (!(await bookExists(db, id))) throw notFound(MESSAGES.bookNotFound)
  },
})

export type BooksService = ReturnType<typeof createBooksService>
