import { describe, expect, it } from 'vitest'
import {
  compactIsbn,
  isbn10To13,
  isbn13To10,
  isbnOfCell,
  isIsbn10Shape,
  isIsbnShape,
  validIsbn10,
  validIsbn13,
  withIsbn10Check,
  withIsbn13Check,
} from '#/isbn.ts'

describe('ISBNs', () => {
  it('compacts an ISBN as readers type it, and reads a Goodreads ISBN cell', () => {
    expect(compactIsbn(' 0-441-01359-x ')).toBe('044101359X')
    expect(compactIsbn('978 0 441 01359 3')).toBe('9780441013593')
    expect(['="0593135202"', ' ="978-0-593-13520-4" ', '=""', '0593135202', '"080442957x"'].map(isbnOfCell)).toEqual([
      '0593135202',
      '9780593135204',
      '',
      '0593135202',
      '080442957X',
    ])
  })

  it('tells an ISBN by its shape alone, its check character not looked at', () => {
    expect(['0593135203', '080442957X', '9780593135205', '059313520', '080442957x', '97805931352045', ''].map(isIsbnShape)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ])
    expect(['0593135203', '9780593135204'].map(isIsbn10Shape)).toEqual([true, false])
  })

  it('check ISBN-10 and ISBN-13 checksums', () => {
    expect(['0593135202', '080442957X', '0593135203', '059313520', '080442957x'].map(validIsbn10)).toEqual([true, true, false, false, false])
    expect(['9780593135204', '9791032305690', '9780593135205', '978059313520'].map(validIsbn13)).toEqual([true, true, false, false])
  })

  it('convert between the two forms where one exists', () => {
    expect(isbn10To13('080442957X')).toBe('9780804429573')
    expect(isbn10To13('0593135202')).toBe('9780593135204')
    expect(isbn13To10('9780804429573')).toBe('080442957X')
    expect(isbn13To10('9780593135204')).toBe('0593135202')
    expect(isbn13To10('9791032305690')).toBeNull()
    expect(isbn10To13('0593135203')).toBeNull()
    expect(isbn13To10('9780593135205')).toBeNull()
  })

  it('completes the first digits of an ISBN with their check character', () => {
    expect(withIsbn13Check('979103230569')).toBe('9791032305690')
    expect(withIsbn13Check('978059313520')).toBe('9780593135204')
    expect(withIsbn10Check('080442957')).toBe('080442957X')
    expect(withIsbn10Check('059313520')).toBe('0593135202')
  })
})
