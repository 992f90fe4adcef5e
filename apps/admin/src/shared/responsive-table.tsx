import { Card, Grid, List, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';

type Row = object;

/** A column's value in a row: its render's output, else the value at its dataIndex. */
function cell<T extends Row>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const path =
    column.dataIndex === undefined ? [] : ([] as PropertyKey[]).concat(column.dataIndex as PropertyKey);
  const value = path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k], row);
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A table on a wide screen; on a phone (below antd's `sm`, 576 px) the same rows as cards, one
 * line per column (its title, then its value), so nothing is wider than the window and no cell
 * wraps a character per line. Row clicks, loading and pagination behave the same in both.
 */
export function ResponsiveTable<T extends Row>(props: TableProps<T> & { 'data-testid'?: string }) {
  const screens = Grid.useBreakpoint();
  if (!screens.xs) return <Table {...props} />;
  const columns = (props.columns ?? []) as ColumnType<T>[];
  const rowKey = (row: T, index: number): Key =>
    typeof props.rowKey === 'function'
      ? props.rowKey(row, index)
      : ((row as Record<string, Key>)[String(props.rowKey ?? 'key')] ?? index);
  const pagination = props.pagination || undefined;
  return (
    <List
      data-testid={props['data-testid']}
      className="kb-cards"
      loading={Boolean(props.loading)}
      {...(props.locale?.emptyText === undefined
        ? {}
        : {
            locale: {
              emptyText:
                typeof props.locale.emptyText === 'function'
                  ? props.locale.emptyText()
                  : props.locale.emptyText,
            },
          })}
      dataSource={[...(props.dataSource ?? [])]}
      rowKey={(row) => rowKey(row, (props.dataSource ?? []).indexOf(row))}
      {...(pagination
        ? {
            pagination: {
              ...(pagination.current === undefined ? {} : { current: pagination.current }),
              ...(pagination.pageSize === undefined ? {} : { pageSize: pagination.pageSize }),
              ...(pagination.total === undefined ? {} : { total: pagination.total }),
              ...(pagination.onChange ? { onChange: pagination.onChange } : {}),
              size: 'small' as const,
              align: 'center' as const,
            },
          }
        : {})}
      renderItem={(row, index) => {
        const handlers = props.onRow?.(row, index) ?? {};
        return (
          <List.Item style={{ padding: '4px 0', border: 0 }}>
            <Card
              size="small"
              style={{ width: '100%', ...(handlers.onClick ? { cursor: 'pointer' } : {}) }}
              {...(handlers.onClick ? { onClick: handlers.onClick as never } : {})}
            >
              <dl className="kb-card-rows">
                {columns.map((column, i) => {
                  const value = cell(column, row, index);
                  if (value === '' || value === null) return null;
                  return (
                    <div key={String(column.key ?? column.dataIndex ?? i)} className="kb-card-row">
                      <dt>{column.title as ReactNode}</dt>
                      <dd>{value}</dd>
                    </div>
                  );
                })}
              </dl>
            </Card>
          </List.Item>
        );
      }}
    />
  );
}
