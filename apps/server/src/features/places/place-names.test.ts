import { describe, expect, it } from 'vitest';
import { aliasesOf, normalizePlace, placeTerms, prefixRange, queryTerm } from './place-names.js';

describe('normalizePlace', () => {
  it('lower-cases, trims and collapses spaces', () => {
    expect(normalizePlace('  New   Delhi ')).toBe('new delhi');
  });
  it('drops dots and apostrophes and turns other punctuation into spaces', () => {
    expect(normalizePlace('St. Thomas Mount')).toBe('st thomas mount');
    expect(normalizePlace("Children's Park")).toBe('childrens park');
    expect(normalizePlace('Navi-Mumbai, (MH)')).toBe('navi mumbai mh');
  });
  it('removes accents', () => {
    expect(normalizePlace('Bengalūru')).toBe('bengaluru');
  });
  it('gives an empty string for a name without letters or digits', () => {
    expect(normalizePlace(' - . ')).toBe('');
  });
});

describe('placeTerms', () => {
  it('holds the whole name and each word', () => {
    expect(placeTerms('New Delhi')).toEqual(['delhi', 'dilli', 'new', 'new delhi']);
  });
  it('adds the other names of a renamed city, both ways', () => {
    expect(placeTerms('Bangalore')).toEqual(['bangalore', 'bengaluru']);
    expect(placeTerms('Bengaluru')).toEqual(['bangalore', 'bengaluru']);
    expect(placeTerms('Gurugram')).toContain('gurgaon');
    expect(placeTerms('Calcutta')).toContain('kolkata');
    expect(placeTerms('Chennai')).toContain('madras');
    expect(placeTerms('Poona')).toContain('pune');
    expect(placeTerms('Thiruvananthapuram')).toContain('trivandrum');
    expect(placeTerms('Vizag')).toContain('visakhapatnam');
    expect(placeTerms('Prayagraj')).toContain('allahabad');
  });
  it('finds a known name inside a longer place name', () => {
    expect(placeTerms('Bombay Central')).toEqual(['bombay', 'bombay central', 'central', 'mumbai']);
  });
  it('knows multi-word names', () => {
    expect(placeTerms('New Bombay')).toEqual(expect.arrayContaining(['navi mumbai', 'navi', 'mumbai', 'bombay']));
    expect(placeTerms('Navi Mumbai')).toEqual(expect.arrayContaining(['new bombay', 'bombay']));
  });
  it('is empty for an empty name', () => {
    expect(placeTerms('  ')).toEqual([]);
  });
});

describe('queryTerm and prefixRange', () => {
  it('normalises a query like a stored name', () => {
    expect(queryTerm('  NEW  delhi')).toBe('new delhi');
  });
  it('gives a range that holds exactly the terms starting with the query', () => {
    const { low, high } = prefixRange('del');
    const inRange = (t: string) => t >= low && t < high;
    expect(['del', 'delhi', 'del zzz', 'delé'].every(inRange)).toBe(true);
    expect(['de', 'dek', 'dem', 'new delhi'].some(inRange)).toBe(false);
  });
  it('lists aliases of a name', () => {
    expect(aliasesOf('mumbai')).toEqual(['bombay']);
    expect(aliasesOf('jaipur')).toEqual([]);
  });
});
