import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sql, type RawBuilder } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { AccountExportSchema, type AccountExport } from '@shelfwise/contracts'
import type { Db } from '#/db/portable.ts'
import type { ReaderDataDoor, TableCover } from '#/reader-data.ts'
import { createReaderData } from '#/reader-data-doors.ts'
import { createAccountService } from '#/modules/account/account.service.ts'
import { createBooksService } from '#/modules/books/books.service.ts'
import { createReviewsService } from '#/modules/reviews/reviews.service.ts'
import { createUsersService } from '#/modules/users/users.service.ts'
import { createConversationService } from '#/modules/conversation/conversation.service.ts'
import { createUploadsService } from '#/modules/uploads/uploads.service.ts'
import { createNotificationsService } from '#/modules/notifications/notifications.service.ts'
import { createFeedWorker } from '#/modules/feed/feed.worker.ts'
import { enqueueFeedWork } from '#/feed-outbox.ts'
import { createTestContext, describeEachDialect } from '../../../test/support/context.ts'
import { liveSchema, type ForeignKey, type TableShape } from '../../../test/support/live-schema.ts'
import { bearer, insertBook, insertFollow, insertImport, insertReview, insertUser, signUp, TEST_PASSWORD } from '../../../test/support/factories.ts'

// Doors to a reader's data (issue 20, decision 0019): every table of the live schema that names a
// reader is exported and removed by one module's door, and the doors together export everything a
// reader has and leave nothing naming them when the account closes.
//
// What names a reader (read from each database's own catalogue, never from our schema file):
// - the `users` row itself;
// - a column with a foreign key to `users`, or named `user_id` / `…_user_id` (`uploads.user_id` has no
//   foreign key on purpose: a book's cover must not vanish with its uploader);
// - a table whose foreign key points at a reader's own rows (progress updates of their reads, the rows
//   and files of their imports).
// A table is the reader's own when such a column or key cannot be null: its rows go with the account.
// Where every such column may be null the row is shared catalogue data (books, book edits; decision
// 0019's "Books stay", 0023): the export names it, and closing the account clears the reader from it
// while the row stays. Values that merely mention a user id in text (a book edit's old or new link
// value) are the book's, not the reader's, and stay (decision 0023).

interface ReaderTable {
  /** Columns holding the reader's id (`id` for the users row). */
  readerColumns: string[]
  /** Foreign keys to a reader's own rows in another table. */
  via: ForeignKey[]
  /** The rows cannot exist without the reader. */
  owned: boolean
}

const READER_NAME = /(^|_)user_id$/

/** The tables naming a reader, by the rule above. */
function readerTables(schema: Map<string, TableShape>): Map<string, ReaderTable> {
  const found = new Map<string, ReaderTable>()
  for (const [name, t] of schema) {
    const keyed = new Set(t.foreignKeys.filter((k) => k.parent === 'users' && k.columns.length === 1).map((k) => k.columns[0]!))
    const readerColumns = name === 'users' ? ['id'] : t.columns.filter((c) => keyed.has(c.name) || READER_NAME.test(c.name)).map((c) => c.name)
    if (readerColumns.length) {
      const owned = name === 'users' || t.columns.some((c) => readerColumns.includes(c.name) && c.notNull)
      found.set(name, { readerColumns, via: [], owned })
    }
  }
  // Rows hanging off a reader's own rows, as far as the keys go.
  for (let grew = true; grew;) {
    grew = false
    for (const [name, t] of schema) {
      for (const k of t.foreignKeys) {
        const parent = found.get(k.parent)
        if (!parent?.owned || k.parent === 'users' || k.parent === name) continue
        const mine = found.get(name) ?? { readerColumns: [], via: [], owned: false }
        if (mine.via.some((v) => v.parent === k.parent)) continue
        mine.via.push(k)
        mine.owned ||= k.columns.every((c) => t.columns.find((col) => col.name === c)?.notNull)
        found.set(name, mine)
        grew = true
      }
    }
  }
  return found
}

const snake = (table: string) => table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** The doors' declarations held against the live schema: every way a declaration and the schema can disagree. */
function coverage(found: Map<string, ReaderTable>, doors: readonly ReaderDataDoor[]) {
  const declared = new Map<string, { module: string; cover: TableCover }[]>()
  for (const door of doors) {
    for (const [table, cover] of Object.entries(door.tables)) {
      if (cover) declared.set(snake(table), [...(declared.get(snake(table)) ?? []), { module: door.module, cover }])
    }
  }
  return {
    /** Tables naming a reader that no door exports and removes. */
    withoutDoor: [...found.keys()].filter((t) => !declared.has(t)).sort(),
    /** Tables a door declares that name no reader (or no longer exist). */
    namingNoReader: [...declared.keys()].filter((t) => !found.has(t)).sort(),
    declaredTwice: [...declared].filter(([, by]) => by.length > 1).map(([t]) => t),
    /** A reader's own rows cannot stay without them. */
    ownRowsKept: [...declared].filter(([t, by]) => found.get(t)?.owned && by.some((d) => d.cover.removed === 'unlinked')).map(([t]) => t),
  }
}

/** The doors as the app wires them (the services they call are not reached by these tests). */
const registered = () =>
  createReaderData({
    books: { ratings: { takeOutLoneRatingsOf: async () => {} } },
    reviews: { removeAllBy: async () => 0, moveCounters: async () => undefined },
    uploads: { releaseAllOf: async () => 0 },
    conversation: { removeForAccount: async () => {} },
  })
const allDoors = () => {
  const r = registered()
  return [r.account, ...r.doors]
}

describeEachDialect('account: doors to a reader’s data', (ctx) => {
  it('finds every table naming a reader in the live schema, by key, by name and through a reader’s own rows', async () => {
    const found = readerTables(await liveSchema(ctx.db))
    // By a foreign key to users only (no user_id in the name).
    expect(found.get('follows')).toMatchObject({ readerColumns: ['follower_id', 'followee_id'], owned: true })
    // By name only: no foreign key on purpose.
    expect(found.get('uploads')).toMatchObject({ readerColumns: ['user_id'], owned: true })
    // Through the reader's own rows.
    expect(found.get('progress_updates')).toMatchObject({ readerColumns: [], owned: true })
    expect(found.get('progress_updates')!.via.map((k) => k.parent)).toEqual(['read_throughs'])
    // Shared catalogue rows: every reader column may be null.
    expect(found.get('books')).toMatchObject({ owned: false })
    expect(found.get('books')!.readerColumns.sort()).toEqual([
      'author_user_id',
      'created_by_user_id',
      'imported_by_user_id',
      'listed_by_user_id',
      'publisher_user_id',
    ])
    expect(found.get('book_edits')).toMatchObject({ readerColumns: ['user_id'], owned: false })
    // Books' own children are the catalogue's, not a reader's.
    expect(found.has('book_genres')).toBe(false)
    expect(found.has('revoked_tokens')).toBe(false)
  })

  it('has a door exporting and removing every table that names a reader, each declared once, a reader’s own rows never kept', async () => {
    const found = readerTables(await liveSchema(ctx.db))
    expect(coverage(found, allDoors())).toEqual({ withoutDoor: [], namingNoReader: [], declaredTwice: [], ownRowsKept: [] })
  })

  it('names a table added by a migration without a door, and a door left out of the registry', async () => {
    const fresh = await createTestContext(ctx.dialect)
    try {
      // A key to users under another name; a key to those rows; a user id by name alone; nothing of a reader.
      await sql`create table scratch_notes (id text primary key, owner text not null references users (id) on delete cascade, body text)`.execute(fresh.db)
      await sql`create table scratch_note_lines (note_id text not null references scratch_notes (id) on delete cascade, line integer)`.execute(fresh.db)
      await sql`create table scratch_marks (marked_by_user_id text, at text)`.execute(fresh.db)
      await sql`create table scratch_plain (id text primary key, title text)`.execute(fresh.db)
      const found = readerTables(await liveSchema(fresh.db))
      expect(coverage(found, allDoors()).withoutDoor).toEqual(['scratch_marks', 'scratch_note_lines', 'scratch_notes'])
      // The catalogue-like one is shared (its column may be null); the others are the reader's own.
      expect([found.get('scratch_notes')?.owned, found.get('scratch_note_lines')?.owned, found.get('scratch_marks')?.owned]).toEqual([true, true, false])
    } finally {
      await fresh.close()
    }
    const found = readerTables(await liveSchema(ctx.db))
    const withoutGoals = allDoors().filter((d) => d.module !== 'stats')
    expect(coverage(found, withoutGoals).withoutDoor).toEqual(['reading_goals'])
  })

  it('refuses to start an account service whose doors leave a section of the export to nobody, or twice, or owe one they do not give', () => {
    const r = registered()
    const make = (doors: readonly ReaderDataDoor[]) => () =>
      createAccountService({ db: ctx.db, auth: { checkPassword: async () => {} }, books: createBooksService({ db: ctx.db }), readerData: { ...r, doors } })
    expect(make(r.doors)).not.toThrow()
    expect(make(r.doors.filter((d) => d.module !== 'stats'))).toThrow("No door gives the export's goals")
    expect(make(r.doors.filter((d) => d.module !== 'reading'))).toThrow("No door gives the export's library's log")
    const books = r.doors.find((d) => d.module === 'books')!
    expect(make([...r.doors, books])).toThrow("Two doors give the export's booksListed")
    const mute: ReaderDataDoor = { ...books, exportFor: () => ({}) }
    expect(make([...r.doors.filter((d) => d !== books), mute])).toThrow('The books door says books is exported in booksListed but gives no booksListed')
  })

  describe('a reader with something in every table', () => {
    const NEW_PASSWORD = 'a-brand-new-phrase'
    const ok = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) })
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
      return res
    }

    /** A reader with rows in every table that names readers, through the API where it writes them. */
    async function fill() {
      const reader = await signUp(ctx.app, { password: TEST_PASSWORD })
      // A password change keeps its session in kept_tokens.
      const token = (await ok('PUT', '/api/users/password', reader.token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })).json().token as string
      // A webhook (decision 0048), before the changes below, so its log holds their deliveries.
      await ok('POST', '/api/me/webhooks', token, { url: 'https://93.184.216.34/doors', events: ['review.published', 'library.changed'] })
      const followed = await insertUser(ctx.db)
      const fan = await insertUser(ctx.db)
      await insertFollow(ctx.db, reader.id, followed.id)
      await insertFollow(ctx.db, fan.id, reader.id)
      // Notifications (decision 0052): one for the reader (a follower), the reader in another's group, a kind turned off, a stream ticket.
      const notifications = createNotificationsService({ db: ctx.db, databaseUrl: ctx.config.databaseUrl })
      await ctx.db.transaction().execute(async (trx) => {
        await notifications.notify(trx, { recipientId: reader.id, type: 'follow', actorId: fan.id, target: { type: 'user', id: reader.id } })
        await notifications.notify(trx, { recipientId: fan.id, type: 'mention', actorId: reader.id, target: { type: 'comment', id: uuidv7() } })
      })
      await notifications.live.close()
      await ok('PUT', '/api/me/notification-settings', token, { mention: false })
      await ok('POST', '/api/me/notifications/ticket', token)
      const reviewed = await insertBook(ctx.db)
      await ok('POST', `/api/reviews/book/${reviewed.id}`, token, { rating: 4, comment: 'Kept me up' })
      const reading = await insertBook(ctx.db, { pageCount: 300 })
      await ok('PUT', `/api/books/${reading.id}/reading`, token, { progress: { page: 30 }, rating: 3, progressUnit: 'percent' })
      const wished = await insertBook(ctx.db)
      await ok('PUT', `/api/books/${wished.id}/reading`, token, { status: 'want' })
      await ok('PUT', `/api/books/${wished.id}/shelves`, token, { names: ['favourites'] })
      const finished = await insertBook(ctx.db)
      await ok('POST', `/api/books/${finished.id}/reads`, token, { finishedOn: '2024-05-02' })
      await ok('PUT', '/api/me/goals/2025', token, { books: 12 })
      // A discussion of theirs, and a reply of theirs in another reader's (decision 0043).
      await ok('POST', `/api/books/${reviewed.id}/discussions`, token, { title: 'Their thread', text: 'Their opening', position: { page: 12 } })
      const fans = (await ok('POST', `/api/books/${reviewed.id}/discussions`, fan.token, { title: 'Fan thread', text: 'Fan opening' })).json()._id as string
      await ok('POST', `/api/discussions/${fans}/posts`, token, { text: 'Their reply', parentId: fans })
      const listed = await insertBook(ctx.db, { listedByUserId: reader.id, createdByUserId: reader.id })
      // Made by an import of theirs (decision 0032).
      await ctx.db.updateTable('books').set({ importedByUserId: reader.id }).where('id', '=', listed.id).execute()
      const credited = await insertBook(ctx.db, { publisherUserId: reader.id })
      const editionId: string = (await ok('POST', `/api/books/${credited.id}/editions`, token, { format: 'ebook' })).json()._id
      const at = new Date().toISOString()
      const editId = uuidv7()
      await ctx.db
        .insertInto('bookEdits')
        .values({ id: editId, bookId: listed.id, userId: reader.id, field: 'title', oldValue: 'Old title', newValue: listed.title, editedAt: at })
        .execute()
      const upload = `${uuidv7()}.webp`
      await ctx.db
        .insertInto('uploads')
        .values({ name: upload, userId: reader.id, bytes: 100, createdAt: at, referencedAt: null, releasedAt: null, removedAt: null })
        .execute()
      const importId = await insertImport(ctx.db, reader.id, {
        fileText: 'Title,Author\r\nNowhere,Nobody\r\n',
        rows: [{ line: 2, outcome: 'failed', title: 'Nowhere', author: 'Nobody', message: 'No book found' }],
      })
      await ctx.db
        .insertInto('importAllowances')
        .values({ userId: reader.id, day: at.slice(0, 10), books: 1, reviews: 0 })
        .execute()
      // A merge they proposed, applied and reverted as a moderator (decision 0030).
      const proposal = (
        await ok('POST', '/api/merge-proposals', token, { kind: 'work', ids: [(await insertBook(ctx.db)).id, (await insertBook(ctx.db)).id] })
      ).json()
      await ctx.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', reader.id).execute()
      const merge = (await ok('POST', `/api/merge-proposals/${proposal._id}/apply`, token)).json().merge
      await ok('POST', `/api/merges/${merge._id}/revert`, token)
      // Blocks, mutes and a report they decided themselves as a moderator (decisions 0057, 0058); others block and mute them too.
      const pest = await insertUser(ctx.db)
      await ok('PUT', `/api/users/${pest.id}/block`, token)
      await ok('PUT', `/api/users/${reader.id}/block`, pest.token)
      await ok('PUT', `/api/users/${pest.id}/mute`, token)
      await ok('PUT', `/api/books/${wished.id}/mute`, token)
      await ok('PUT', '/api/me/muted-words', token, { words: ['dragons'] })
      const report = (await ok('POST', '/api/reports', token, { targetType: 'discussion', targetId: fans, reason: 'spam' })).json()._id as string
      await ok('POST', `/api/moderation/reports/${report}`, token, { action: 'hide', note: 'Spam' })
      // Likes and comments (decisions 0041, 0042): a like of someone's review, a comment, a reply to someone's and a like of it.
      // (A comment of theirs that others answered stays as a tombstone: conversation.reader-data.test.ts.)
      const theirReview = await insertReview(ctx.db, { userId: followed.id })
      await ok('PUT', `/api/reviews/${theirReview.id}/like`, token)
      await ok('POST', `/api/reviews/${theirReview.id}/comments`, token, { text: 'Mine' })
      const theirs = (await ok('POST', `/api/reviews/${theirReview.id}/comments`, fan.token, { text: 'Theirs' })).json()._id as string
      await ok('POST', `/api/reviews/${theirReview.id}/comments`, token, { text: 'A reply of mine', parentId: theirs })
      await ok('PUT', `/api/comments/${theirs}/like`, token)
      // A personal access token (decision 0045).
      await ok('POST', '/api/me/tokens', token, { name: 'My script', scopes: ['read'], expiresInDays: 30 })
      // A book their device named that waits in their sync inbox, sent with an idempotency key (decision 0047).
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/progress',
        headers: { ...bearer(token), 'idempotency-key': 'fill-1' },
        payload: { book: { asin: 'B0FILLED01' }, percent: 5 },
      })
      // Their sync settings (a device at the end of a book finishes it).
      await ok('PUT', '/api/me/sync-settings', token, { finishAtEnd: true })
      // A device of theirs, and what its KOReader reported (decision 0047).
      const device = (await ok('POST', '/api/me/devices', token, { name: 'Kobo' })).json() as { username: string; password: string }
      const kosync = await ctx.app.inject({
        method: 'PUT',
        url: '/kosync/syncs/progress',
        headers: { 'x-auth-user': device.username, 'x-auth-key': createHash('md5').update(device.password).digest('hex'), 'content-type': 'application/json' },
        payload: { document: 'fill0document', progress: '/p[1]', percentage: 0.1, device: 'Kobo', device_id: 'K1' },
      })
      expect(kosync.statusCode, kosync.body).toBe(200)
      // A device link they approved (RFC 8628).
      const linking = await ctx.app.inject({ method: 'POST', url: '/api/device/code', payload: { client_name: 'Reader app' } })
      await ok('POST', '/api/device/approve', token, { user_code: linking.json().user_code, scopes: ['read'], expiresInDays: 1 })
      // Their feed's inbox, built, and their comments in their fan's (decision 0060).
      await enqueueFeedWork(ctx.db, 'build', reader.id, reader.id)
      await createFeedWorker({ db: ctx.db }).drain()
      // And feed work of theirs another instance is doing (under its lease, so the next fill's worker leaves it).
      const leased = new Date(Date.now() + 3_600_000).toISOString()
      await ctx.db
        .insertInto('feedOutbox')
        .values({ id: uuidv7(), kind: 'follow', subjectId: reader.id, itemId: followed.id, createdAt: leased, leaseUntil: leased })
        .execute()
      return { reader, token, followed, fan, reviewed, reading, wished, finished, listed, credited, editionId, editId, upload, importId }
    }

    /** How many rows of each table name the reader, and how many rows each table holds. */
    async function census(found: Map<string, ReaderTable>, userId: string, db: Db = ctx.db) {
      const naming = (table: string): RawBuilder<unknown> => {
        const t = found.get(table)!
        const own = t.readerColumns.map((c) => sql`${sql.id(c)} = ${userId}`)
        const through = t.via.map(
          (k) =>
            sql`(${sql.join(k.columns.map((c) => sql.id(c)))}) in (select ${sql.join(k.parentColumns.map((c) => sql.id(c)))} from ${sql.id(k.parent)} where ${naming(k.parent)})`,
        )
        return sql`(${sql.join([...own, ...through], sql` or `)})`
      }
      const counts: Record<string, { mine: number; all: number }> = {}
      for (const table of [...found.keys()].sort()) {
        const { rows } = await sql<{ mine: number | string; all: number | string }>`
          select count(case when ${naming(table)} then 1 end) as mine, count(*) as "all" from ${sql.id(table)}`.execute(db)
        counts[table] = { mine: Number(rows[0]!.mine), all: Number(rows[0]!.all) }
      }
      return counts
    }

    it('each door alone removes, unlinks or releases every row of its tables naming the reader, inside the caller’s transaction', async () => {
      const found = readerTables(await liveSchema(ctx.db))
      const s = await fill()
      const before = await census(found, s.reader.id)
      const books = createBooksService({ db: ctx.db })
      const realReviews = createReviewsService({ db: ctx.db, books, reading: { supersedeRating: async () => {}, keepRating: async () => {} } })
      const real = createReaderData({
        books,
        reviews: realReviews,
        conversation: createConversationService({
          db: ctx.db,
          users: createUsersService({ db: ctx.db }),
          reviews: realReviews,
          spoilers: { standingOf: async () => ({ signedIn: false }) },
        }),
        uploads: createUploadsService({ db: ctx.db, config: ctx.config }),
      })
      const undo = new Error('undo')
      for (const door of [real.account, ...real.doors]) {
        await expect(
          ctx.db.transaction().execute(async (trx) => {
            await door.removeFor(trx, s.reader.id)
            const after = await census(found, s.reader.id, trx)
            for (const [table, cover] of Object.entries(door.tables)) {
              const t = snake(table)
              if (cover!.removed === 'released') {
                const kept = await trx.selectFrom('uploads').select('releasedAt').where('userId', '=', s.reader.id).execute()
                expect(kept.length, t).toBe(before[t]!.mine)
                expect(
                  kept.every((u) => u.releasedAt !== null),
                  t,
                ).toBe(true)
              } else expect(after[t]!.mine, `${door.module}: ${t}`).toBe(0)
            }
            throw undo
          }),
        ).rejects.toBe(undo)
      }
      // Every removal went back with its transaction.
      expect(await census(found, s.reader.id)).toEqual(before)
    })

    it('exports all of it, each section as its contract says; closing the account leaves no row naming them, and another reader’s rows untouched', async () => {
      const found = readerTables(await liveSchema(ctx.db))
      const s = await fill()
      const bystander = await fill()

      const before = await census(found, s.reader.id)
      const empty = Object.entries(before).filter(([, n]) => n.mine === 0)
      expect(empty, 'tables the scene leaves empty: give the reader a row there').toEqual([])
      const bystanderBefore = await census(found, bystander.reader.id)

      // The export: every section a door declares a table exported in holds something.
      const res = await ok('GET', '/api/me/export.json', s.token)
      const data: AccountExport = AccountExportSchema.parse(res.json())
      // A list holds an item; an object of lists holds one in each; a value is there.
      const hasSome = (v: unknown): boolean =>
        Array.isArray(v) ? v.length > 0 : typeof v === 'object' && v !== null && Object.values(v).every((x) => !Array.isArray(x) || x.length > 0)
      for (const door of allDoors()) {
        for (const [table, cover] of Object.entries(door.tables)) {
          if (cover && 'in' in cover.exported) for (const section of cover.exported.in) expect(hasSome(data[section]), `${table} in ${section}`).toBe(true)
        }
      }
      expect(data.profile.username).toBe(s.reader.user.username)
      const entry = (bookId: string) => data.library.find((e) => e.book._id === bookId)
      expect(entry(s.reviewed.id)).toMatchObject({ status: null, rating: 4, review: { rating: 4, comment: 'Kept me up' } })
      expect(entry(s.reading.id)).toMatchObject({ status: 'reading', rating: 3, review: null, progressUnit: 'percent' })
      expect(entry(s.wished.id)!.progressUnit).toBeNull()
      expect(entry(s.reading.id)!.reads[0]!.progressUpdates.map((p) => p.page)).toEqual([30])
      expect(entry(s.wished.id)).toMatchObject({ status: 'want', reads: [] })
      expect(entry(s.finished.id)!.reads).toMatchObject([{ finishedOn: '2024-05-02', outcome: 'finished' }])
      expect(data.library).toHaveLength(4)
      expect(data.follows).toEqual({
        following: [{ _id: s.followed.id, username: s.followed.username }],
        followers: [{ _id: s.fan.id, username: s.fan.username }],
      })
      expect(data.booksListed).toEqual([s.listed.id])
      expect(data.booksCredited).toEqual([s.credited.id])
      expect(data.editionsAdded).toEqual([s.editionId])
      expect(data.goals).toEqual([{ year: 2025, books: 12, pages: null }])
      expect(data.syncSettings).toEqual({ finishAtEnd: true })
      expect(data.bookEdits.map((e) => e._id)).toEqual([s.editId])
      expect(data.discussions.threads.map((t) => t.title)).toEqual(['Their thread'])
      expect(data.discussions.posts.map((p) => [p.text, p.position])).toEqual([
        ['Their opening', { page: 12 }],
        ['Their reply', null],
      ])
      // A follower, and the moderators' answer to the report they made (decision 0058), newest first.
      expect(data.notifications.items.map((n) => [n.type, n.targetType, n.count])).toEqual([
        ['report_outcome', 'report', 1],
        ['follow', 'user', 1],
      ])
      expect(data.notifications.turnedOff).toEqual(['mention'])
      expect(data.webhooks).toMatchObject([{ url: 'https://93.184.216.34/doors', events: ['review.published', 'library.changed'], disabled: false }])

      const gone = await ctx.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(s.token), payload: { password: NEW_PASSWORD } })
      expect(gone.statusCode, gone.body).toBe(204)

      const after = await census(found, s.reader.id)
      const removal = new Map(allDoors().flatMap((d) => Object.entries(d.tables).map(([t, c]) => [snake(t), c!.removed] as const)))
      for (const [table, n] of Object.entries(before)) {
        const how = removal.get(table)
        if (how === 'released') {
          // Kept until the sweep removes the file (a cover a book shows stays); every one let go of.
          expect(after[table], table).toEqual(n)
          continue
        }
        expect(after[table]!.mine, `${table}: rows still naming the reader`).toBe(0)
        // Deleted rows are exactly the reader's; unlinked rows stay, without them.
        expect(after[table]!.all, `${table}: rows left`).toBe(how === 'unlinked' ? n.all : n.all - n.mine)
      }
      const uploads = await ctx.db.selectFrom('uploads').select(['name', 'releasedAt']).where('userId', '=', s.reader.id).execute()
      expect(uploads.map((u) => [u.name, u.releasedAt !== null])).toEqual([[s.upload, true]])
      expect(await ctx.db.selectFrom('bookEdits').select('userId').where('id', '=', s.editId).executeTakeFirst()).toEqual({ userId: null })
      const mineOnly = (c: Record<string, { mine: number }>) => Object.fromEntries(Object.entries(c).map(([t, n]) => [t, n.mine]))
      expect(mineOnly(await census(found, bystander.reader.id))).toEqual(mineOnly(bystanderBefore))
      expect((await ctx.app.inject({ url: '/api/users/me', headers: bearer(bystander.token) })).statusCode).toBe(200)
    })
  })
})
