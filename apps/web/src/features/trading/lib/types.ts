import type { API, ResponseOf } from '@kabuto/contract';

export type Position = ResponseOf<typeof API.userStockListCall>['list'][number];
export type PositionDetail = ResponseOf<typeof API.positionInfoCall>;
