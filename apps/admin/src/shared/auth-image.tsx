import { useQuery } from '@tanstack/react-query';
import { Image, Skeleton } from 'antd';
import { useEffect, useMemo } from 'react';
import { adminApi } from './api';

/**
 * An uploaded image (ID, receipt) fetched through the authorised route with the operator's
 * token — never a public URL — shown with antd's preview for zoom and rotation.
 */
export function AuthImage({ src, alt }: { src: string; alt: string }) {
  const { data, isLoading } = useQuery({
    queryKey: ['file', src],
    queryFn: () => adminApi.blob(src),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (isLoading || !url) return <Skeleton.Image active />;
  return <Image src={url} alt={alt} width={200} data-testid="review-image" />;
}
