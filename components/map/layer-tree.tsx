'use client';
import { useAppState } from '@/components/shell/app-state';
import type { TLayerWire } from '@/lib/wire-types';
import { colorOf, flatten } from './layer-spec';

/**
 * The layer tree ([R3.05]): nested groups, a visibility switch and an opacity
 * slider per layer, its loading state and error, base layers as a radio
 * switcher; in edit mode also move up/down and an edit button. Listed top to
 * bottom as drawn (the top row is drawn over the others).
 */
export type TLayerStatus = { loading: boolean; error: string | null };

type TProps = {
  tree: TLayerWire[];
  status: Record<number, TLayerStatus>;
  unsupported: Map<number, string>;
  editable: boolean;
  onToggle: (id: number, visible: boolean) => void;
  onOpacity: (id: number, opacity: number, commit: boolean) => void;
  onMove: (id: number, direction: 'up' | 'down') => void;
  onDrop: (id: number, targetId: number) => void;
  onEdit: (id: number) => void;
  onBase: (id: number) => void;
  onArcgisSignIn: (id: number) => void;
};

export function LayerTree(props: TProps) {
  const { tree } = props;
  const { t } = useAppState();
  const bases = collectBases(tree);
  const overlays = tree.filter((l) => !l.baselayer);
  return (
    <div data-testid="layer-tree" className="flex flex-col gap-2 text-sm">
      {bases.length > 0 && (
        <fieldset data-testid="base-switcher" className="rounded border border-[var(--border)] p-2">
          <legend className="px-1 text-xs font-semibold uppercase text-muted">{t('map.baseLayers')}</legend>
          {bases.map((b) => (
            <label key={b.id} className="flex items-center gap-2 py-0.5">
              <input type="radio" name="base-layer" checked={b.visible} onChange={() => props.onBase(b.id)} data-testid={`base-${b.id}`} />
              <span className="truncate">{b.name.replace(/\s*baseLayer\s*/i, ' ').trim() || b.name}</span>
              <StatusBadge {...props} layer={b} />
            </label>
          ))}
          <label className="flex items-center gap-2 py-0.5">
            <input type="radio" name="base-layer" checked={!bases.some((b) => b.visible)} onChange={() => props.onBase(0)} data-testid="base-none" />
            <span className="text-muted">{t('map.none')}</span>
          </label>
        </fieldset>
      )}
      {overlays.length === 0 && <p className="text-muted">{t('map.noLayers')}</p>}
      <ul className="flex flex-col gap-1">{sortTopFirst(overlays).map((l, i, arr) => <LayerRow key={l.id} {...props} layer={l} first={i === 0} last={i === arr.length - 1} />)}</ul>
    </div>
  );
}

function collectBases(tree: TLayerWire[]): TLayerWire[] {
  return flatten(tree).filter((l) => l.baselayer && !l.isGroup);
}

export function sortTopFirst(list: TLayerWire[]): TLayerWire[] {
  return [...list].sort((a, b) => b.position - a.position || b.id - a.id);
}

function StatusBadge({ layer, status, unsupported }: TProps & { layer: TLayerWire }) {
  const st = status[layer.id];
  const reason = unsupported.get(layer.id);
  return (
    <>
      {st?.loading && (
        <span data-testid={`layer-loading-${layer.id}`} className="text-xs text-muted" aria-label="Loading">
          ⟳
        </span>
      )}
      {(reason || st?.error) && (
        <span data-testid={`layer-error-${layer.id}`} title={reason ?? st?.error ?? ''} className="text-xs text-red-700 dark:text-red-400">
          ⚠ {reason ?? st?.error}
        </span>
      )}
    </>
  );
}

function LayerRow(props: TProps & { layer: TLayerWire; first: boolean; last: boolean }) {
  const { layer, editable } = props;
  const { t } = useAppState();
  const isGroup = layer.isGroup || layer.layers.length > 0;
  const type = layer.source?.type_code;
  return (
    <li
      data-testid={`layer-${layer.id}`}
      data-layer-name={layer.name}
      className="rounded border border-[var(--border)] bg-[var(--surface)] p-2"
      style={{ marginLeft: layer.level * 12 }}
      draggable={editable}
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.setData('application/x-mapspace-layer', String(layer.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (editable && e.dataTransfer.types.includes('application/x-mapspace-layer')) e.preventDefault();
      }}
      onDrop={(e) => {
        const id = Number(e.dataTransfer.getData('application/x-mapspace-layer'));
        if (!id) return;
        e.preventDefault();
        e.stopPropagation();
        props.onDrop(id, layer.id);
      }}
    >
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          aria-label={`Show ${layer.name}`}
          data-testid={`toggle-${layer.id}`}
          checked={layer.visible}
          onChange={(e) => props.onToggle(layer.id, e.target.checked)}
        />
        {!isGroup && <span aria-hidden className="inline-block h-3 w-3 shrink-0 rounded-sm" style={{ background: type === 'wms' || type === 'xyz' || type === 'wmts' ? '#999' : colorOf(layer) }} />}
        <span className={`flex-1 truncate ${isGroup ? 'font-semibold' : ''}`} title={layer.name}>
          {layer.name}
        </span>
        {editable && (
          <span className="flex gap-0.5">
            <button type="button" className="px-1 disabled:opacity-30" aria-label={`Move ${layer.name} up`} data-testid={`up-${layer.id}`} disabled={props.first} onClick={() => props.onMove(layer.id, 'up')}>
              ▲
            </button>
            <button type="button" className="px-1 disabled:opacity-30" aria-label={`Move ${layer.name} down`} data-testid={`down-${layer.id}`} disabled={props.last} onClick={() => props.onMove(layer.id, 'down')}>
              ▼
            </button>
            <button type="button" className="px-1" aria-label={`Edit ${layer.name}`} data-testid={`edit-${layer.id}`} onClick={() => props.onEdit(layer.id)}>
              ✎
            </button>
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-6">
        <StatusBadge {...props} layer={layer} />
        {type === 'arcgis' && (
          <button type="button" className="text-xs text-[var(--primary-ink)] underline" data-testid={`arcgis-signin-${layer.id}`} onClick={() => props.onArcgisSignIn(layer.id)}>
            {t('map.arcgisSignIn')}
          </button>
        )}
      </div>
      {!isGroup && (
        <label className="flex items-center gap-2 pl-6 text-xs text-muted">
          {t('map.opacity')}
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={layer.opacity}
            data-testid={`opacity-${layer.id}`}
            aria-label={`Opacity of ${layer.name}`}
            onChange={(e) => props.onOpacity(layer.id, Number(e.target.value), false)}
            onPointerUp={(e) => props.onOpacity(layer.id, Number((e.target as HTMLInputElement).value), true)}
            onKeyUp={(e) => props.onOpacity(layer.id, Number((e.target as HTMLInputElement).value), true)}
          />
        </label>
      )}
      {isGroup && layer.layers.length > 0 && (
        <ul className="mt-1 flex flex-col gap-1">
          {sortTopFirst(layer.layers.filter((c) => !c.baselayer)).map((c, i, arr) => (
            <LayerRow key={c.id} {...props} layer={c} first={i === 0} last={i === arr.length - 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
