import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBlockProducts } from '../api/block';
import { BlockListPage } from '../components/block-list-page';
import { ProductCard } from '../components/product-card';
import { BLOCK_PATHS, withId } from '../paths';
import '../block.css';

/** /home/large (SPEC §2): the Stocks tab — the products of the selected market, open ones first. */
export default function StocksPage() {
  const { t } = useTranslation('block');
  const navigate = useNavigate();
  const products = useBlockProducts();
  return (
    <BlockListPage
      active="stocks"
      query={products}
      items={products.data}
      emptyText={t('list.empty')}
      testId="block-products"
    >
      {(product) => (
        <ProductCard
          key={product.id}
          product={product}
          onOpen={() => navigate(withId(BLOCK_PATHS.product, product.id))}
        />
      )}
    </BlockListPage>
  );
}
