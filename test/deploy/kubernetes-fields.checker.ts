import path from 'node:path';
import ts from 'typescript';
import type { KubeObject } from './kubernetes-objects.reader';

/**
 * Unknown fields: the Kubernetes schemas allow any extra property (the API server drops it, or refuses it under
 * strict field validation), so a misspelt `livenesProbe` passes the schema check and the probe is simply not there.
 * kubernetes-models' type declarations list every field of every kind; this walks an object against them with
 * TypeScript's checker and names each field the API does not have.
 */
export class KubernetesFieldChecker {
  private readonly checker: ts.TypeChecker;
  private readonly roots = new Map<string, ts.Type>();

  /** `models`: 'apps/v1/Deployment'-style names, each a kubernetes-models module whose interface is `I<Kind>`. */
  constructor(models: string[]) {
    const home = path.dirname(require.resolve('kubernetes-models/package.json'));
    const files = models.map((model) => path.join(home, `${model}.d.ts`));
    const program = ts.createProgram(files, { noEmit: true, strict: true, types: [], skipLibCheck: true });
    this.checker = program.getTypeChecker();
    models.forEach((model, i) => {
      const module = this.checker.getSymbolAtLocation(program.getSourceFile(files[i])!)!;
      const kind = model.slice(model.lastIndexOf('/') + 1);
      const symbol = this.checker.getExportsOfModule(module).find((s) => s.name === `I${kind}`);
      if (!symbol) throw new Error(`kubernetes-models/${model} exports no interface I${kind}`);
      this.roots.set(model, this.checker.getDeclaredTypeOfSymbol(symbol));
    });
  }

  /** Paths of the fields of `object` its kind does not have (empty when every field is known). */
  unknownFields(object: KubeObject): string[] {
    const root = this.roots.get(`${object.apiVersion}/${object.kind}`);
    if (!root) return [`${object.apiVersion} ${object.kind}: no type declarations loaded`];
    const problems: string[] = [];
    this.walk(object, root, '', problems);
    return problems;
  }

  private walk(value: unknown, declared: ts.Type, at: string, problems: string[]): void {
    if (value === null || typeof value !== 'object') return;
    const type = this.objectPart(declared, Array.isArray(value));
    if (!type) return;
    if (Array.isArray(value)) {
      const element = this.checker.isArrayType(type) ? this.checker.getTypeArguments(type as ts.TypeReference)[0] : undefined;
      if (element) value.forEach((item, i) => this.walk(item, element, `${at}[${i}]`, problems));
      return;
    }
    const byKey = this.checker.getIndexInfoOfType(type, ts.IndexKind.String);
    for (const [key, child] of Object.entries(value)) {
      const property = type.getProperty(key);
      if (property) this.walk(child, this.checker.getTypeOfSymbol(property), `${at}.${key}`, problems);
      else if (byKey) this.walk(child, byKey.type, `${at}.${key}`, problems);
      else problems.push(`${at}.${key}`.slice(1));
    }
  }

  /** The object (or array) member of a declared type such as `IProbe | undefined`; none for primitives and `any`. */
  private objectPart(declared: ts.Type, array: boolean): ts.Type | undefined {
    const type = this.checker.getNonNullableType(declared);
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
    const members = type.isUnion() ? type.types : [type];
    return members.find((member) => (array ? this.checker.isArrayType(member) : member.flags & ts.TypeFlags.Object && !this.checker.isArrayType(member)));
  }
}
