import { Skeleton } from 'antd-mobile';

/** SPEC §12: loading shows skeletons, not blank screens. */
export function PageSkeleton() {
  return (
    <div className="kb-skeleton" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  );
}

export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="kb-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div className="kb-skeleton__row" key={i}>
          <Skeleton animated className="kb-skeleton__avatar" />
          <Skeleton.Paragraph lineCount={2} animated className="kb-skeleton__lines" />
        </div>
      ))}
    </div>
  );
}
