/** A day of a copy product's equity curve, as the server sends it (decimal strings). */
export interface CurvePoint {
  day: string;
  equity: string;
  drawdown: string;
}
