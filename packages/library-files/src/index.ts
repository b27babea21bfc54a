// The package's surface: the rules of the library files readers bring and take away, one copy for
// the server, the web app's import and add-book screens, the tests, the browser suite and the
// benchmark (decision 0025). The web app imports the modules it needs by their own paths
// (@shelfwise/library-files/csv-read, /columns, /isbn): csv-records.ts reaches the contracts, which
// the web app loads apart.
export { csvHead, CsvError, type CsvOptions, type CsvRecord } from '#/csv-read.ts'
export * from '#/csv-records.ts'
export * from '#/csv-write.ts'
export * from '#/isbn.ts'
export * from '#/columns.ts'
