import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { COMMANDS } from '../../../src/commands/index.js';
import { GLOBAL_FLAGS, PAGINATION_FLAGS } from '../../../src/lib/cli/global-flags.js';
import { OperationCommand } from '../../../src/lib/cli/operation-command.js';

const operationCommands = Object.entries(COMMANDS).filter(([, command]) => Object.prototype.isPrototypeOf.call(OperationCommand, command)) as Array<
  [string, typeof OperationCommand]
>;

describe('cli commands against botocore', () => {
  it('names operation flags as the AWS CLI does (botocore xform_name), prefixing collisions', () => {
    const members = [...new Set(operationCommands.flatMap(([, command]) => Object.values(command.operation.members)))];
    const script = 'import json,sys\nfrom botocore import xform_name\nprint(json.dumps({m: xform_name(m, "-") for m in json.load(sys.stdin)}))';
    const expected: Record<string, string> = JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(members), encoding: 'utf8' }));
    for (const [id, command] of operationCommands) {
      for (const [flag, member] of Object.entries(command.operation.members)) {
        const global = expected[member]! in GLOBAL_FLAGS || (command.operation.paginated && expected[member]! in PAGINATION_FLAGS);
        assert.equal(flag, global ? `${id.split(':').at(-2)}-${expected[member]}` : expected[member], `${id} ${member}`);
      }
    }
    const create = COMMANDS['mobile:project:create'] as typeof OperationCommand;
    assert.equal(create.operation.members['project-region'], 'region');
  });
});
