import { describe, expect, test } from 'vitest';
import { drawOrder, layerSpecOf, templateError, wmsFeatureInfoUrl, wmsLegendUrl } from '@/components/map/layer-spec';
import { fillExtent, parseCamera, parsePlugins } from '@/components/map/plugins';
import { decodeHeight, samplePoints, tilePixel } from '@/components/map/terrarium';
import { parseDirectory, zxyToTileId } from '@/components/map/pmtiles';
import { moveNode } from '@/components/map/tree-ops';
import type { TLayerWire } from '@/lib/wire-types';

function layer(id: number, type: string | null, settings: Record<string, unknown>, extra: Partial<TLayerWire> = {}): TLayerWire {
  return {
    id,
    name: `L${id}`,
    visible: true,
    data_source: 1,
    source: type === null ? null : { id: 1, name: 'ds', type: 1, type_code: type, settings, data_url: null, bbox: null, feature_count: null },
    template: '{}',
    layers: [],
    isGroup: false,
    isLoading: false,
    error: null,
    level: 0,
    baselayer: false,
    opacity: 1,
    position: id,
    parent: null,
    workspace: 1,
    user_groups: [],
    version: 1,
    ...extra,
  };
}

describe('layer specs per data source type', () => {
  test('WMS: GetMap tiles with the {bbox-epsg-3857} placeholder', () => {
    const spec = layerSpecOf(layer(1, 'wms', { url: 'https://x.test/wms?map=a', layers: 'parcels', format: 'image/png', transparent: true, version: '1.3.0' }));
    expect(spec.kind).toBe('raster');
    const url = (spec as unknown as { source: { tiles: string[] } }).source.tiles[0];
    expect(url).toContain('https://x.test/wms?map=a&SERVICE=WMS&REQUEST=GetMap&VERSION=1.3.0&LAYERS=parcels');
    expect(url).toContain('CRS=EPSG%3A3857');
    expect(url).toContain('BBOX={bbox-epsg-3857}');
    expect(wmsLegendUrl({ url: 'https://x.test/wms', layers: 'a,b' })).toContain('REQUEST=GetLegendGraphic&VERSION=1.3.0&FORMAT=image%2Fpng&LAYER=a');
    const fi = wmsFeatureInfoUrl({ url: 'https://x.test/wms', layers: 'a', version: '1.1.1' }, [0, 0, 10, 10], [100, 50], [3, 4], 'application/json');
    expect(fi).toContain('SRS=EPSG%3A3857');
    expect(fi).toContain('X=3&Y=4');
  });

  test('XYZ with TMS scheme, WMTS KVP template, ArcGIS export and FeatureServer query', () => {
    expect(layerSpecOf(layer(1, 'xyz', { url: 'https://t/{z}/{x}/{y}.png', scheme: 'tms' }))).toMatchObject({ source: { scheme: 'tms', tiles: ['https://t/{z}/{x}/{y}.png'] } });
    expect(layerSpecOf(layer(1, 'wmts', { url: 'https://t/{TileMatrixSet}/{TileMatrix}/{TileCol}/{TileRow}.png', layer: 'a' }))).toMatchObject({ source: { tiles: ['https://t/EPSG:3857/{z}/{x}/{y}.png'] } });
    const ms = layerSpecOf(layer(1, 'arcgis', { url: 'https://a/MapServer', kind: 'MapServer' }), 'TOK');
    expect((ms as unknown as { source: { tiles: string[] } }).source.tiles[0]).toMatch(/^https:\/\/a\/MapServer\/export\?bbox={bbox-epsg-3857}&bboxSR=3857.*&f=image&token=TOK$/);
    const fs = layerSpecOf(layer(1, 'arcgis', { url: 'https://a/FeatureServer', kind: 'FeatureServer', layers: '3' }));
    expect(fs).toMatchObject({ kind: 'vector', source: { type: 'geojson', data: 'https://a/FeatureServer/3/query?where=1%3D1&outFields=*&outSR=4326&f=geojson' } });
  });

  test('WFS GetFeature as GeoJSON, vector tiles, and what is not supported', () => {
    const wfs = layerSpecOf(layer(1, 'wfs', { url: 'https://w/wfs', typeName: 'ns:roads' }));
    expect((wfs as unknown as { source: { data: string } }).source.data).toBe('https://w/wfs?SERVICE=WFS&REQUEST=GetFeature&VERSION=2.0.0&TYPENAMES=ns%3Aroads&OUTPUTFORMAT=application%2Fjson&SRSNAME=EPSG%3A4326');
    expect(layerSpecOf(layer(1, 'vectortiles', { url: 'https://v/{z}/{x}/{y}.pbf', sourceLayer: 'roads' }))).toMatchObject({ kind: 'vector', layers: [{ 'source-layer': 'roads' }, {}, {}] });
    expect(layerSpecOf(layer(1, 'vectortiles', { url: 'https://v/{z}/{x}/{y}.pbf' }))).toEqual({ kind: 'unsupported', reason: 'Set sourceLayer in the data source settings' });
    expect(layerSpecOf(layer(1, 'vectortiles', { url: 'https://v/a.pmtiles' }))).toMatchObject({ kind: 'vector', layers: [] });
    expect(layerSpecOf(layer(1, 'vectortiles', { url: 'https://v/tiles.json' }), null, { vectorLayerIds: ['a', 'b'] })).toMatchObject({ kind: 'vector', layers: { length: 6 } });
    expect(layerSpecOf(layer(1, 'vectortiles', { url: 'https://v/a.pmtiles', sourceLayer: 'x' }))).toMatchObject({ kind: 'vector', source: { type: 'vector', url: 'pmtiles://https%3A%2F%2Fv%2Fa.pmtiles' } });
    expect(layerSpecOf(layer(1, '3dtiles', { url: 'https://v/tileset.json' }))).toEqual({ kind: 'unsupported', reason: '3D Tiles are not supported in this view' });
  });

  test('template paint overrides the default style by geometry type', () => {
    const spec = layerSpecOf(layer(4, 'geojson', { url: 'https://g/a.geojson' }, { template: JSON.stringify({ color: '#123456', paint: { 'line-width': 7, 'circle-radius': 9 } }) }));
    if (spec.kind !== 'vector') throw new Error('vector expected');
    const [fill, line, circle] = spec.layers;
    expect(fill.paint['fill-color']).toBe('#123456');
    expect(line.paint['line-width']).toBe(7);
    expect(circle.paint['circle-radius']).toBe(9);
  });

  test('points default to dots that grow with the zoom (a dense layer draws few pixels at country scale)', () => {
    const spec = layerSpecOf(layer(5, 'geojson', { url: 'https://g/a.geojson' }, {}));
    if (spec.kind !== 'vector') throw new Error('vector expected');
    const circle = spec.layers[2];
    expect(circle.paint['circle-radius']).toEqual(['interpolate', ['linear'], ['zoom'], 4, 1.5, 9, 3, 12, 5]);
    expect(circle.paint['circle-stroke-width']).toEqual(['interpolate', ['linear'], ['zoom'], 8, 0, 11, 1.5]);
  });

  test('GeoJSON the app serves as vector tiles becomes a vector source of layer "features", overzoomed past z16, bounded by the upload bbox', () => {
    const tiles = '/api/layers/7/tiles/{z}/{x}/{y}?v=abc';
    const url = layer(7, 'geojson', { url: 'https://g/big.geojson' }, {});
    url.source!.tiles_url = tiles;
    const spec = layerSpecOf(url);
    if (spec.kind !== 'vector') throw new Error('vector expected');
    expect(spec.source).toEqual({ type: 'vector', tiles: [tiles], minzoom: 0, maxzoom: 16 });
    expect(spec.layers.map((l) => [l.type, l['source-layer']])).toEqual([
      ['fill', 'features'],
      ['line', 'features'],
      ['circle', 'features'],
    ]);
    const upload = layer(8, 'geojson', {}, {});
    Object.assign(upload.source!, { tiles_url: tiles, data_url: '/api/layers/8/data', bbox: [4.9, 52, 4.9, 52] });
    const up = layerSpecOf(upload);
    expect(up).toMatchObject({ kind: 'vector', source: { type: 'vector', tiles: [tiles] } });
    const b = (up as unknown as { source: { bounds: number[] } }).source.bounds;
    expect(b[0]).toBeLessThan(4.9);
    expect(b[2]).toBeGreaterThan(4.9);
    // Without tiles (an older answer, WFS) GeoJSON stays a GeoJSON source.
    expect(layerSpecOf(layer(9, 'geojson', { url: 'https://g/a.geojson' }))).toMatchObject({ source: { type: 'geojson', data: 'https://g/a.geojson' } });
  });

  test('template validation', () => {
    expect(templateError('{"color":"red"}')).toBeNull();
    expect(templateError('')).toBeNull();
    expect(templateError('[1]')).toMatch(/must be a JSON object/);
    expect(templateError('{')).toMatch(/^Invalid JSON/);
  });

  test('draw order: base layers first, then by position, groups depth-first', () => {
    const tree = [layer(1, 'xyz', {}, { position: 2 }), layer(2, 'xyz', {}, { position: 0, baselayer: true }), layer(3, null, {}, { position: 1, isGroup: true, layers: [layer(4, 'xyz', {}, { position: 1 }), layer(5, 'xyz', {}, { position: 0 })] })];
    expect(drawOrder(tree).map((l) => l.id)).toEqual([2, 5, 4, 1]);
    const moved = moveNode(tree, 1, 'down')!;
    expect(moved.order).toEqual([2, 1, 3]);
  });
});

describe('PMTiles reader', () => {
  test('tile ids follow the PMTiles Hilbert numbering', () => {
    expect([zxyToTileId(0, 0, 0), zxyToTileId(1, 0, 0), zxyToTileId(1, 0, 1), zxyToTileId(1, 1, 1), zxyToTileId(1, 1, 0)]).toEqual([0, 1, 2, 3, 4]);
    expect(zxyToTileId(2, 1, 3)).toBe(11);
    expect(zxyToTileId(3, 3, 0)).toBe(26);
    expect(zxyToTileId(12, 3423, 1763)).toBe(19078479);
  });

  test('directories: delta ids, run lengths, lengths, offsets (0 = contiguous)', () => {
    // 2 entries: ids 5 and 7, run lengths 1 and 1, lengths 10 and 20, offsets 0 and contiguous.
    const entries = parseDirectory(new Uint8Array([2, 5, 2, 1, 1, 10, 20, 1, 0]));
    expect(entries).toEqual([
      { tileId: 5, offset: 0, length: 10, runLength: 1 },
      { tileId: 7, offset: 10, length: 20, runLength: 1 },
    ]);
  });
});

describe('plugins, camera and elevation helpers', () => {
  test('[R3.04] plugin defaults: split panel, elevation "AHN3/AHN4" in red, BI with empty url', () => {
    const p = parsePlugins('{}');
    expect(p.elevationWidget.profiles[0]).toMatchObject({ title: 'AHN3/AHN4', color: 'red' });
    expect(p.biWidget).toMatchObject({ enabled: false, url: '' });
    expect(p.splitPanel).toMatchObject({ enabled: false, left: [], right: [] });
    expect(parsePlugins('not json').elevationWidget.profiles[0].title).toBe('AHN3/AHN4');
  });

  test('camera JSON with fallbacks, BI extent placeholders', () => {
    expect(parseCamera('{"center":[4,51],"zoom":9,"bearing":10,"pitch":5}')).toEqual({ center: [4, 51], zoom: 9, bearing: 10, pitch: 5 });
    expect(parseCamera('{}').zoom).toBe(7);
    expect(fillExtent('u?b={bbox}&w={west}&n={north}', { west: 1, south: 2, east: 3, north: 4 })).toBe('u?b=1.000000,2.000000,3.000000,4.000000&w=1.000000&n=4.000000');
  });

  test('Terrarium and Mapbox decoding, tile pixels and sampling along a line', () => {
    expect(decodeHeight(128, 0, 0, 'terrarium')).toBe(0);
    expect(decodeHeight(128, 100, 128, 'terrarium')).toBe(100.5);
    expect(decodeHeight(1, 134, 160, 'mapbox')).toBeCloseTo(0, 5);
    expect(tilePixel(0, 0, 1)).toEqual({ tx: 1, ty: 1, px: 0, py: 0 });
    const pts = samplePoints([[0, 0], [1, 0]], 11);
    expect(pts).toHaveLength(11);
    expect(pts[10].distance).toBeCloseTo(111195, -2);
    expect(pts[5].lng).toBeCloseTo(0.5, 6);
  });
});
