import { describe, expect, it } from 'vitest'
import { yearsWithoutHoles } from '#/features/stats/lib/year-axis.ts'

describe('a year axis without holes', () => {
  it('gives every year from the first to the last, newest first, zeros where no book was finished', () => {
    expect(
      yearsWithoutHoles([
        { year: 2019, booksRead: 4, pagesRead: 900 },
        { year: 2022, booksRead: 1, pagesRead: 100 },
      ]),
    ).toEqual([
      { year: 2022, booksRead: 1, pagesRead: 100 },
      { year: 2021, booksRead: 0, pagesRead: 0 },
      { year: 2020, booksRead: 0, pagesRead: 0 },
      { year: 2019, booksRead: 4, pagesRead: 900 },
    ])
  })

  it('keeps one year as it is and no years as none; the widest span is 201 years', () => {
    expect(yearsWithoutHoles([{ year: 2024, booksRead: 2, pagesRead: 10 }])).toEqual([{ year: 2024, booksRead: 2, pagesRead: 10 }])
    expect(yearsWithoutHoles([])).toEqual([])
    const wide = yearsWithoutHoles([
      { year: 2100, booksRead: 1, pagesRead: 1 },
      { year: 1900, booksRead: 1, pagesRead: 1 },
    ])
    expect([wide.length, wide[0]!.year, wide.at(-1)!.year, wide[100]]).toEqual([201, 2100, 1900, { year: 2000, booksRead: 0, pagesRead: 0 }])
  })
})
