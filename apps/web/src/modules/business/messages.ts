import { defineMessages } from '../../lib/i18n';

/** The strings of 全部业务, zh-CN first; field names come from the businesses' declaration. */
export const businessMessages = defineMessages({
  'zh-CN': {
    title: '全部业务',
    search: '搜索业务名称',
    everyIndustry: '不限行业',
    offSale: '已下架',
    onSale: '上架中',
    priceFrom: '{price} 起',
    noPackage: '暂无在售套餐',
    packagesOnSale: '在售套餐 {onSale} / 共 {count} 个',
    none: '没有符合条件的业务',
    total: '共 {count} 个业务',
    packages: '业务套餐',
    introduction: '业务介绍',
    unlimited: '不限',
    days: '{days} 天',
  },
  'en-US': {
    title: 'All businesses',
    search: 'Search by name',
    everyIndustry: 'Every industry',
    offSale: 'Off sale',
    onSale: 'On sale',
    priceFrom: 'From {price}',
    noPackage: 'No package on sale',
    packagesOnSale: '{onSale} of {count} packages on sale',
    none: 'No business matches',
    total: '{count} businesses',
    packages: 'Packages',
    introduction: 'Introduction',
    unlimited: 'No limit',
    days: '{days} days',
  },
});
