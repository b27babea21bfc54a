// The package's public surface: every HTTP shape and constant of Shelfwise.
export * from '#/constants.ts'
export * from '#/errors.ts'
export * from '#/common.ts'
export * from '#/books.ts'
export * from '#/books-by-name.ts'
export * from '#/reviews.ts'
export * from '#/users.ts'
export * from '#/auth.ts'
