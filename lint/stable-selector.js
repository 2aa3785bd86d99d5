// ESLint rule: a zustand `useStore(store, selector)` selector must return something that stays the
// same while the state does (a primitive or an object already in the state). zustand 5 with React 19
// compares selector results with Object.is; a selector that builds a fresh object or array on every
// call ("getSnapshot should be cached") loops React into "Maximum update depth exceeded" and blanks
// the page. Wrap such a selector in `useShallow`, or select the parts one by one.

/** Methods and functions whose result is a new object or array on every call. */
const FRESH_METHODS = new Set([
  'map', 'filter', 'slice', 'concat', 'flat', 'flatMap', 'toSorted', 'toReversed', 'toSpliced', 'with',
  'entries', 'keys', 'values', 'fromEntries', 'assign', 'from', 'of', 'split', 'match', 'matchAll',
  'structuredClone', 'parse', 'groupBy',
]);

/** Why `node` (an expression a selector returns) is fresh on every call, or null. */
function fresh(node) {
  if (!node) return null;
  switch (node.type) {
    case 'ObjectExpression':
      return 'an object literal';
    case 'ArrayExpression':
      return 'an array literal';
    case 'NewExpression':
      return `new ${node.callee.name ?? 'object'}`;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return 'a new function';
    case 'ConditionalExpression':
      return fresh(node.consequent) ?? fresh(node.alternate);
    case 'LogicalExpression':
      return fresh(node.left) ?? fresh(node.right);
    case 'SequenceExpression':
      return fresh(node.expressions[node.expressions.length - 1]);
    case 'TSAsExpression':
    case 'TSNonNullExpression':
    case 'TSSatisfiesExpression':
    case 'ChainExpression':
      return fresh(node.expression);
    case 'CallExpression': {
      const c = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee;
      const name = c.type === 'MemberExpression' && !c.computed ? c.property.name : c.type === 'Identifier' ? c.name : null;
      return name && FRESH_METHODS.has(name) ? `a new value from .${name}()` : null;
    }
    default:
      return null;
  }
}

/** Every expression a function returns. */
function returned(fn) {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  const out = [];
  const walk = (n) => {
    if (!n || typeof n !== 'object') return;
    if (n.type === 'ReturnStatement') {
      out.push(n.argument);
      return;
    }
    if (n !== fn.body && (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration')) return;
    for (const key of Object.keys(n)) {
      if (key === 'parent') continue;
      const v = n[key];
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v.type === 'string') walk(v);
    }
  };
  walk(fn.body);
  return out;
}

/** The rule. */
export const stableSelector = {
  meta: {
    type: 'problem',
    docs: { description: 'zustand useStore selectors must not return a fresh object or array (React 19 loops and blanks the page)' },
    schema: [],
    messages: { fresh: 'this useStore selector returns {{why}} on every call: zustand 5 with React 19 loops ("Maximum update depth exceeded") and blanks the page. Select primitives or state objects, or wrap it in useShallow.' },
  },
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'useStore') return;
        const selector = node.arguments[1];
        if (!selector || (selector.type !== 'ArrowFunctionExpression' && selector.type !== 'FunctionExpression')) return;
        for (const r of returned(selector)) {
          const why = fresh(r);
          if (why) context.report({ node: r, messageId: 'fresh', data: { why } });
        }
      },
    };
  },
};

/** The project's own lint rules, as an ESLint plugin. */
export default { rules: { 'stable-selector': stableSelector } };
