import type { TLayerWire } from '@/lib/wire-types';

/** Immutable edits of the client copy of the layer tree. */
export function updateNode(tree: TLayerWire[], id: number, fn: (l: TLayerWire) => TLayerWire): TLayerWire[] {
  return tree.map((l) => (l.id === id ? fn(l) : l.layers.length ? { ...l, layers: updateNode(l.layers, id, fn) } : l));
}

export function removeNode(tree: TLayerWire[], id: number): TLayerWire[] {
  return tree.filter((l) => l.id !== id).map((l) => (l.layers.length ? { ...l, layers: removeNode(l.layers, id) } : l));
}

export function insertNode(tree: TLayerWire[], layer: TLayerWire): TLayerWire[] {
  if (layer.parent === null) return [...tree, { ...layer, level: 0 }];
  return tree.map((l) => (l.id === layer.parent ? { ...l, layers: [...l.layers, { ...layer, level: l.level + 1 }] } : l.layers.length ? { ...l, layers: insertNode(l.layers, layer) } : l));
}

export function findNode(tree: TLayerWire[], id: number): TLayerWire | null {
  for (const l of tree) {
    if (l.id === id) return l;
    const hit = findNode(l.layers, id);
    if (hit) return hit;
  }
  return null;
}

/** Every base layer off except `id` (0 = none). */
export function chooseBase(tree: TLayerWire[], id: number): TLayerWire[] {
  return tree.map((l) => ({ ...(l.baselayer && !l.isGroup ? { ...l, visible: l.id === id } : l), layers: chooseBase(l.layers, id) }));
}

/**
 * Moves a layer one step among its siblings ('up' = drawn higher = larger
 * position) and renumbers the siblings 0…n-1. Returns null when it cannot
 * move, else the new tree and the siblings' ids in position order.
 */
export function moveNode(tree: TLayerWire[], id: number, dir: 'up' | 'down'): { tree: TLayerWire[]; parent: number | null; order: number[] } | null {
  const node = findNode(tree, id);
  if (!node) return null;
  const siblings = [...(node.parent === null ? tree : (findNode(tree, node.parent)?.layers ?? []))].sort((a, b) => a.position - b.position || a.id - b.id);
  const i = siblings.findIndex((l) => l.id === id);
  let j = i;
  do j += dir === 'up' ? 1 : -1;
  while (j >= 0 && j < siblings.length && siblings[j].baselayer);
  if (j < 0 || j >= siblings.length) return null;
  [siblings[i], siblings[j]] = [siblings[j], siblings[i]];
  const pos = new Map(siblings.map((l, k) => [l.id, k]));
  const renumber = (list: TLayerWire[]): TLayerWire[] => list.map((l) => ({ ...l, position: pos.get(l.id) ?? l.position, layers: renumber(l.layers) }));
  return { tree: renumber(tree), parent: node.parent, order: siblings.map((l) => l.id) };
}

/** Drops layer `id` onto sibling `targetId` (it takes the target's place); null when they are not siblings. */
export function dropOnto(tree: TLayerWire[], id: number, targetId: number): { tree: TLayerWire[]; parent: number | null; order: number[] } | null {
  const node = findNode(tree, id);
  const target = findNode(tree, targetId);
  if (!node || !target || id === targetId || node.parent !== target.parent || node.baselayer || target.baselayer) return null;
  const siblings = [...(node.parent === null ? tree : (findNode(tree, node.parent)?.layers ?? []))].sort((a, b) => a.position - b.position || a.id - b.id);
  const from = siblings.findIndex((l) => l.id === id);
  const to = siblings.findIndex((l) => l.id === targetId);
  siblings.splice(from, 1);
  siblings.splice(to, 0, node);
  const pos = new Map(siblings.map((l, k) => [l.id, k]));
  const renumber = (list: TLayerWire[]): TLayerWire[] => list.map((l) => ({ ...l, position: pos.get(l.id) ?? l.position, layers: renumber(l.layers) }));
  return { tree: renumber(tree), parent: node.parent, order: siblings.map((l) => l.id) };
}
