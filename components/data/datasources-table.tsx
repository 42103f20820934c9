'use client';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { format } from 'date-fns';
import Link from 'next/link';
import { useCallback, useMemo, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TDataSourceWire } from '@/lib/wire-types';
import { DismissibleAlert } from './alert';
import { api, bodyText } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { EditIcon, TrashIcon } from './icons';

/**
 * The data sources table ([R2.44], [R9.04], [R4.10], [R4.11]) on TanStack
 * Table: search, row selection, 25 rows per page (10/25/50/100/All), fixed
 * header, newest first; header clicks cycle ascending → descending → off and
 * go back to page 1. Single delete errors show in an alert, bulk delete errors
 * are only logged ([R8.08], [R8.09]).
 */
export type TTypeOption = { id: number; name: string };
type TRow = TDataSourceWire;

export const PAGE_SIZES = [10, 25, 50, 100, -1] as const;

export function DataSourcesTable({ initialRows, types, accountId, initialError }: { initialRows: TRow[]; types: TTypeOption[]; accountId: number; initialError?: string }) {
  const { t } = useAppState();
  const [rows, setRows] = useState(initialRows);
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'date_modified', desc: true }]);
  const [pageSize, setPageSize] = useState<number>(25);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 25 });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [alert, setAlert] = useState<string | null>(initialError ?? null);
  const [confirm, setConfirm] = useState<{ kind: 'one'; id: number } | { kind: 'bulk' } | null>(null);
  const [busy, setBusy] = useState(false);

  const typeName = useMemo(() => {
    const m = new Map(types.map((x) => [x.id, x.name]));
    return (id: number | null) => (id !== null && m.get(id)) || t('datasources.unknown');
  }, [types, t]);

  const reload = useCallback(async () => {
    const res = await api<{ results: TRow[] }>('GET', `/api/datasources?account=${accountId}`);
    if (res.ok) setRows(res.body.results);
    else setAlert(bodyText(res.body));
  }, [accountId]);

  const columns = useMemo<ColumnDef<TRow>[]>(
    () => [
      {
        id: 'select',
        enableSorting: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t('datasources.selectAll')}
            checked={table.getIsAllPageRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomePageRowsSelected();
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => <input type="checkbox" aria-label={t('datasources.selectRow')} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
      },
      { id: 'name', accessorKey: 'name', header: t('datasources.colName'), sortingFn: 'alphanumeric' },
      { id: 'type', accessorFn: (r) => typeName(r.type), header: t('datasources.colType') },
      {
        id: 'date_modified',
        accessorFn: (r) => r.date_modified,
        header: t('datasources.colModified'),
        cell: ({ row }) => format(new Date(row.original.date_modified), 'MMMM d, yyyy'),
      },
      { id: 'used', accessorFn: (r) => r.workspaces.count, header: t('datasources.colUsed') },
      {
        id: 'workspaces',
        accessorFn: (r) => r.workspaces.names.join(', '),
        header: t('datasources.colWorkspaces'),
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            {row.original.workspaces.names.map((n) => (
              <span key={n} className="chip rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-xs">
                {n}
              </span>
            ))}
          </div>
        ),
      },
      {
        id: 'actions',
        header: t('datasources.colActions'),
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex gap-1">
            <Link role="button" href={`/datasource/edit/${row.original.id}`} className="rounded px-2 py-1 hover:bg-[var(--surface-2)]" aria-label={`${t('datasources.edit')} ${row.original.name}`} title={t('datasources.edit')}>
              <EditIcon />
            </Link>
            <button type="button" className="rounded px-2 py-1 text-red-700 dark:text-red-400 hover:bg-[var(--surface-2)]" aria-label={`${t('usergroups.delete')} ${row.original.name}`} title={t('usergroups.delete')} onClick={() => setConfirm({ kind: 'one', id: row.original.id })}>
              <TrashIcon />
            </button>
          </div>
        ),
      },
    ],
    [t, typeName],
  );

  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, globalFilter: search, pagination, rowSelection },
    getRowId: (r) => String(r.id),
    sortDescFirst: false,
    enableSortingRemoval: true,
    enableMultiSort: false,
    autoResetPageIndex: false,
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onGlobalFilterChange: setSearch,
    globalFilterFn: (row, _col, value: string) => {
      const q = String(value ?? '').toLowerCase().trim();
      if (!q) return true;
      const r = row.original;
      return [r.name, typeName(r.type), ...r.workspaces.names, format(new Date(r.date_modified), 'MMMM d, yyyy')].some((s) => s.toLowerCase().includes(q));
    },
    onPaginationChange: setPagination,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const filteredCount = table.getFilteredRowModel().rows.length;
  const effectiveSize = pageSize === -1 ? Math.max(filteredCount, 1) : pageSize;
  if (pagination.pageSize !== effectiveSize) setPagination({ pageIndex: 0, pageSize: effectiveSize });
  const selectedIds = Object.keys(rowSelection).filter((k) => rowSelection[k]).map(Number);
  const from = filteredCount === 0 ? 0 : pagination.pageIndex * effectiveSize + 1;
  const to = Math.min(filteredCount, (pagination.pageIndex + 1) * effectiveSize);

  async function deleteOne(id: number) {
    setBusy(true);
    const res = await api('DELETE', `/api/datasources/${id}`);
    setBusy(false);
    setConfirm(null);
    if (!res.ok) {
      setAlert(bodyText(res.body));
      return;
    }
    setRowSelection((s) => {
      const next = { ...s };
      delete next[String(id)];
      return next;
    });
    await reload();
  }

  async function deleteSelected() {
    setBusy(true);
    // One call per id, as the original client does ([R7.33]); failures are only logged ([R8.09]).
    const results = await Promise.all(selectedIds.map((id) => api('DELETE', `/api/datasources/${id}`)));
    results.forEach((r, i) => {
      if (!r.ok) console.error('datasource delete failed', selectedIds[i], r.status, r.body);
    });
    setBusy(false);
    setRowSelection({});
    setConfirm(null);
    await reload();
  }

  return (
    <div>
      {alert && <DismissibleAlert text={alert} onClose={() => setAlert(null)} />}
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <input
          type="search"
          aria-label={t('datasources.search')}
          placeholder={t('datasources.search')}
          className="min-w-[240px] flex-1 rounded border border-[var(--border)] bg-[var(--surface)] px-3 py-2"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
        />
        <button type="button" className="rounded bg-red-600 px-4 py-2 text-white disabled:opacity-40" disabled={selectedIds.length === 0} onClick={() => setConfirm({ kind: 'bulk' })}>
          {t('datasources.deleteSelected')}
        </button>
      </div>
      <div className="card max-h-[70vh] overflow-auto" data-testid="datasources-scroll">
        <table className="w-full border-collapse text-sm">
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const canSort = h.column.getCanSort();
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                      className="sticky top-0 z-10 border-b border-[var(--border)] bg-[var(--surface)] px-3 py-2 text-left font-medium"
                    >
                      {canSort ? (
                        <button type="button" className="inline-flex items-center gap-1" onClick={h.column.getToggleSortingHandler()}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden="true">{sorted === 'asc' ? '↑' : sorted === 'desc' ? '↓' : ''}</span>
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-[var(--border)] last:border-0" data-row-id={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {filteredCount === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-muted">
                  {t('datasources.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-4 text-sm">
        <label className="flex items-center gap-2">
          {t('datasources.rowsPerPage')}:
          <select
            aria-label={t('datasources.rowsPerPage')}
            className="rounded border border-[var(--border)] bg-[var(--surface)] px-2 py-1"
            value={pageSize}
            onChange={(e) => {
              const v = Number(e.target.value);
              setPageSize(v);
              setPagination({ pageIndex: 0, pageSize: v === -1 ? Math.max(filteredCount, 1) : v });
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n === -1 ? t('datasources.all') : n}
              </option>
            ))}
          </select>
        </label>
        <span data-testid="page-info">{t('datasources.pageOf', { from, to, count: filteredCount })}</span>
        <button type="button" aria-label={t('datasources.prevPage')} className="rounded px-2 py-1 disabled:opacity-40" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          ‹
        </button>
        <button type="button" aria-label={t('datasources.nextPage')} className="rounded px-2 py-1 disabled:opacity-40" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          ›
        </button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        busy={busy}
        text={confirm?.kind === 'bulk' ? t('datasources.bulkDeleteConfirm') : t('datasources.deleteConfirm')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => (confirm?.kind === 'bulk' ? deleteSelected() : confirm ? deleteOne(confirm.id) : undefined)}
      />
    </div>
  );
}
