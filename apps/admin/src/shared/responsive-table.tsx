import { Button, Card, ConfigProvider, Grid, List, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type HTMLAttributes, type Key, type ReactNode, useContext, useState } from 'react';

type Row = object;

/** A column's value in a row: its render's output, else the value at its dataIndex. */
function cell<T extends Row>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const path =
    column.dataIndex === undefined ? [] : ([] as PropertyKey[]).concat(column.dataIndex as PropertyKey);
  const value = path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown> | undefined)?.[k], row);
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined ? '' : String(value);
}

/** What a row's handlers carry besides its click: `data-*` attributes, kept on the card. */
function dataAttributes(handlers: HTMLAttributes<unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(handlers).filter(([name]) => name.startsWith('data-')));
}

/** A card's expanded part (the table's expandable row), behind a button that says so. */
function Expander({ label, children }: { label: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        aria-expanded={open}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(!open);
        }}
      >
        {label}
      </Button>
      {open && <div className="kb-card-expanded">{children()}</div>}
    </>
  );
}

/**
 * A table on a wide screen; on a phone (below antd's `sm`, 576 px) the same rows as cards, one
 * line per column (its title, then its value), so nothing is wider than the window and no cell
 * wraps a character per line. Row clicks, a row's class and `data-*` attributes, expandable rows,
 * loading and pagination behave the same in both.
 */
export function ResponsiveTable<T extends Row>(
  props: TableProps<T> & { 'data-testid'?: string; expandLabel?: ReactNode },
) {
  const screens = Grid.useBreakpoint();
  const { locale } = useContext(ConfigProvider.ConfigContext);
  if (!screens.xs) {
    const { expandLabel: _, ...table } = props;
    return <Table {...table} />;
  }
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
        const className =
          typeof props.rowClassName === 'function' ? props.rowClassName(row, index, 0) : props.rowClassName;
        const expandable = props.expandable;
        const expands =
          expandable?.expandedRowRender !== undefined && (expandable.rowExpandable?.(row) ?? true);
        return (
          <List.Item style={{ padding: '4px 0', border: 0 }}>
            <Card
              size="small"
              className={className || undefined}
              style={{ width: '100%', ...(handlers.onClick ? { cursor: 'pointer' } : {}) }}
              {...dataAttributes(handlers)}
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
              {expands && (
                <Expander label={props.expandLabel ?? locale?.Table?.expand ?? 'Expand row'}>
                  {() => expandable?.expandedRowRender?.(row, index, 0, true)}
                </Expander>
              )}
            </Card>
          </List.Item>
        );
      }}
    />
  );
}
