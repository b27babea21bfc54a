import type { Db } from '#/db/portable.ts'
import type { BooksService } from '#/modules/books/books.service.ts'
import type { UsersService } from '#/modules/users/users.service.ts'

export interface ShelvesDeps {
  db: Db
  books: BooksService
  users: UsersService
}

export const createShelvesService = (_deps: ShelvesDeps) => ({})

export type ShelvesService = ReturnType<typeof createShelvesService>
