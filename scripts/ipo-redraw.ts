/**
 * Re-runs a recorded new-share draw (SPEC §0.7) and prints its winners.
 *
 *   curl … /api/vue/trade/newstockLottery … > draw.json   (the answer, or its `data`)
 *   node --import tsx scripts/ipo-redraw.ts draw.json      (or pipe it on stdin)
 *
 * Checks that the seed is the hash of the share id and the sorted application ids, that the inputs
 * digest matches the recorded inputs, and that the draw gives the recorded winners; exits 1 if not.
 */
import { readFileSync } from 'node:fs';
import { drawLottery, lotterySeed } from '@kabuto/domain';

type Proof = {
  shareId: number;
  seed: string;
  inputsDigest: string;
  algorithm: string;
  offeredShares: number;
  lotSize: number;
  applications: Array<{ id: number; quantity: number }>;
  winners: Array<{ id: number; allottedShares: number }>;
};

const file = process.argv[2];
const text = readFileSync(file && file !== '-' ? file : 0, 'utf8');
const parsed = JSON.parse(text) as Proof | { data: Proof };
const proof = 'data' in parsed ? parsed.data : parsed;

const seed = lotterySeed(
  proof.shareId,
  proof.applications.map((a) => a.id),
);
const result = drawLottery({
  seed: proof.seed,
  offeredShares: proof.offeredShares,
  lotSize: proof.lotSize,
  applications: proof.applications,
});
console.log(`algorithm      ${proof.algorithm}`);
console.log(
  `seed           ${proof.seed} (${seed === proof.seed ? 'matches' : 'DIFFERS FROM'} the share id and application ids)`,
);
console.log(
  `inputs digest  ${result.inputsDigest} (${result.inputsDigest === proof.inputsDigest ? 'matches' : 'DIFFERS FROM'} the record)`,
);
console.log('winners (application id: shares)');
for (const w of result.winners) console.log(`  ${w.id}: ${w.allottedShares}`);
const same = JSON.stringify(result.winners) === JSON.stringify(proof.winners);
console.log(same ? 'same winners as recorded' : 'WINNERS DIFFER from the record');
process.exit(same && seed === proof.seed && result.inputsDigest === proof.inputsDigest ? 0 : 1);
