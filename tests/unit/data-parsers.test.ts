import { describe, expect, test } from 'vitest';
import { summarizeGeojson } from '@/lib/server/datasources/geojson-summary';
import { capabilityNames } from '@/lib/server/datasources/test-connection';
import { ZXyzSettings } from '@/lib/schemas/datasource-settings';

describe('summarizeGeojson', () => {
  test.each([
    ['a bare geometry', { type: 'Polygon', coordinates: [[[0, 0], [2, 0], [2, 3], [0, 0]]] }, 1, [0, 0, 2, 3]],
    ['a feature', { type: 'Feature', properties: null, geometry: { type: 'MultiPoint', coordinates: [[-5, 1], [5, -1]] } }, 1, [-5, -1, 5, 1]],
    ['a feature without geometry', { type: 'Feature', properties: {}, geometry: null }, 1, null],
    ['a collection with a GeometryCollection', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [1, 1] }] } }] }, 1, [1, 1, 1, 1]],
  ])('accepts %s', (_l, value, count, bbox) => {
    expect(summarizeGeojson(value)).toEqual({ ok: true, featureCount: count, bbox });
  });

  test.each([
    ['an array', []],
    ['null', null],
    ['an unknown type', { type: 'Circle', coordinates: [1, 2] }],
    ['a feature list that is not a list', { type: 'FeatureCollection', features: {} }],
    ['non-numeric coordinates', { type: 'Point', coordinates: ['1', '2'] }],
    ['a feature without the geometry key', { type: 'Feature', properties: {} }],
  ])('refuses %s', (_l, value) => {
    expect(summarizeGeojson(value).ok).toBe(false);
  });
});

describe('capabilityNames', () => {
  test('WMS 1.1.1 with a named root layer and styles', () => {
    const xml = `<WMT_MS_Capabilities><Capability><Layer><Name>root</Name><Title>r</Title><Layer queryable="1"><Name>a</Name><Title>A</Title><Style><Name>default</Name></Style></Layer></Layer></Capability></WMT_MS_Capabilities>`;
    expect(capabilityNames(xml, 'wms')).toEqual(['root', 'a']);
  });
  test('WFS with prefixed elements', () => {
    expect(capabilityNames('<wfs:FeatureTypeList><wfs:FeatureType><wfs:Name>x:y</wfs:Name></wfs:FeatureType></wfs:FeatureTypeList>', 'wfs')).toEqual(['x:y']);
  });
});

describe('XYZ settings', () => {
  test('{-y} (TMS-style) URLs are accepted and defaults filled in', () => {
    expect(ZXyzSettings.parse({ url: 'https://t.example/{z}/{x}/{-y}.png' })).toEqual({ url: 'https://t.example/{z}/{x}/{-y}.png', scheme: 'xyz', tileSize: 256 });
  });
});
