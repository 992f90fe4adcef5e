/**
 * What the admin module offers other modules (the wall in biome.json: modules meet only through
 * their port files): operators, their roles and capabilities, operator authentication and the
 * audit log. The `admin` port on the Fastify instance is `AdminPort` (ports.ts).
 */
export {
  type AdminPort,
  audit,
  type Capability,
  ensureFirstOperator,
  OPERATOR_ROLES,
  type Operator,
  type OperatorRole,
  operatorLogin,
  ROLE_CAN,
  requireOperator,
} from './auth';
