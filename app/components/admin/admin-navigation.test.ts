import { describe, expect, test } from 'vitest'
import routes from '../../routes.ts'
import { adminBreadcrumbs, adminNavGroups } from './admin-navigation.ts'

const names = (pathname: string) => adminBreadcrumbs(pathname).map((crumb) => crumb.name)

describe('the back-office navigation', () => {
  test('breadcrumbs lead from the dashboard through the listed page to a detail page', () => {
    expect(names('/admin')).toEqual(['Dashboard'])
    expect(names('/admin/')).toEqual(['Dashboard'])
    expect(names('/admin/orders')).toEqual(['Dashboard', 'Orders'])
    expect(names('/admin/orders/7f3a9c1e-0000-4000-8000-000000000000')).toEqual(['Dashboard', 'Orders', 'Order'])
    expect(names('/admin/products/edit/abc')).toEqual(['Dashboard', 'Products', 'Edit Product'])
    expect(names('/admin/messages/7f3a9c1e-0000-4000-8000-000000000000')).toEqual(['Dashboard', 'Messages', 'Message'])
    expect(names('/admin/guides/categories')).toEqual(['Dashboard', 'Guide Categories'])
    expect(names('/add-product')).toEqual(['Dashboard', 'Add Product'])
    expect(names('/admin/nothing-here')).toEqual(['Dashboard'])
  })

  test('every sidebar link is a route of the app', () => {
    const paths = new Set<string>()
    const walk = (entries: typeof routes, base: string) => {
      for (const entry of entries) {
        const path = entry.path ? `${base}/${entry.path}` : base
        if (entry.index || entry.path) paths.add(path.replace(/\/+/g, '/') || '/')
        if (entry.children) walk(entry.children, path)
      }
    }
    walk(routes, '')
    for (const item of adminNavGroups.flatMap((group) => group.items)) {
      expect(paths, item.to).toContain(item.to.split('#')[0])
    }
  })
})
