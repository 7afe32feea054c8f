/**
 * The error catalogue's entries for paid registration (issue 44), spread into ERRORS (errors.ts);
 * apart only for the catalogue's length. Codes 4003x, 40981, 4099x and 50310 are this issue's.
 */
export const PAYMENT_ERRORS = {
  TICKET_REQUIRED: {
    code: 40030,
    status: 400,
    message: { 'zh-tw': '請選擇票種', 'zh-cn': '请选择票种', en: 'Please choose a ticket' },
  },
  DISCOUNT_CODE_INVALID: {
    code: 40031,
    status: 400,
    message: {
      'zh-tw': '優惠碼無效、已過期或不適用於所選票種',
      'zh-cn': '优惠码无效、已过期或不适用于所选票种',
      en: 'The discount code is not valid, has expired or does not apply to this ticket',
    },
  },
  PAYMENT_METHOD_UNAVAILABLE: {
    code: 40032,
    status: 400,
    message: {
      'zh-tw': '此會議不提供這種付款方式',
      'zh-cn': '此会议不提供这种付款方式',
      en: 'This meeting does not offer that way of paying',
    },
  },
  PAYMENT_AMOUNT_INVALID: {
    code: 40033,
    status: 400,
    message: {
      'zh-tw': '金額不正確',
      'zh-cn': '金额不正确',
      en: 'The amount is not valid',
    },
  },
  STATEMENT_UNREADABLE: {
    code: 40034,
    status: 400,
    message: {
      'zh-tw': '無法讀取銀行月結單：需要日期、金額和附言（參考編號）三欄',
      'zh-cn': '无法读取银行对账单：需要日期、金额和附言（参考编号）三列',
      en: 'The bank statement cannot be read: it needs date, amount and reference columns',
    },
  },
  PAYMENT_SIGNATURE_INVALID: {
    code: 40035,
    status: 400,
    message: {
      'zh-tw': '付款通知簽名無效',
      'zh-cn': '付款通知签名无效',
      en: 'The payment notification signature is not valid',
    },
  },
  DISCOUNT_CODE_USED_UP: {
    code: 40991,
    status: 409,
    message: {
      'zh-tw': '此優惠碼的使用次數已滿',
      'zh-cn': '此优惠码的使用次数已满',
      en: 'This discount code has been used as many times as it may be',
    },
  },
  ORDER_NOT_PENDING: {
    code: 40992,
    status: 409,
    message: {
      'zh-tw': '此訂單已不在待付款狀態',
      'zh-cn': '此订单已不在待付款状态',
      en: 'This order is no longer awaiting payment',
    },
  },
  ORDER_NOT_REFUNDABLE: {
    code: 40993,
    status: 409,
    message: {
      'zh-tw': '此訂單不能退款，或退款金額超過已付金額',
      'zh-cn': '此订单不能退款，或退款金额超过已付金额',
      en: 'This order cannot be refunded, or the amount is more than was paid',
    },
  },
  PRICE_ITEM_IN_USE: {
    code: 40994,
    status: 409,
    message: {
      'zh-tw': '此收費項目已有訂單，只能停用，不能刪除或更改',
      'zh-cn': '此收费项目已有订单，只能停用，不能删除或更改',
      en: 'Orders name this price: it can be retired, not deleted or changed',
    },
  },
  DISCOUNT_CODE_TAKEN: {
    code: 40995,
    status: 409,
    message: {
      'zh-tw': '此會議已有相同的優惠碼',
      'zh-cn': '此会议已有相同的优惠码',
      en: 'This meeting already has that discount code',
    },
  },
  CURRENCY_LOCKED: {
    code: 40996,
    status: 409,
    message: {
      'zh-tw': '此會議已有訂單，不能更改貨幣或改為免費',
      'zh-cn': '此会议已有订单，不能更改货币或改为免费',
      en: 'This meeting has orders: its currency cannot change, nor can it become free',
    },
  },
  GUEST_UNPAID: {
    code: 40997,
    status: 409,
    message: {
      'zh-tw': '此嘉賓尚未付款',
      'zh-cn': '此嘉宾尚未付款',
      en: 'This guest has not paid yet',
    },
  },
  PAYMENT_PROVIDER_FAILED: {
    code: 50310,
    status: 503,
    message: {
      'zh-tw': '付款服務暫時無法使用，請稍後再試',
      'zh-cn': '支付服务暂时无法使用，请稍后再试',
      en: 'The payment service is unavailable; please try again later',
    },
  },
  DISCOUNT_CODE_IN_USE: {
    code: 40998,
    status: 409,
    message: {
      'zh-tw': '此優惠碼已被使用，不能刪除；請改為停用',
      'zh-cn': '此优惠码已被使用，不能删除；请改为停用',
      en: 'This discount code has been used: it cannot be deleted; disable it instead',
    },
  },
  PAYMENT_NOT_RECORDED_YET: {
    code: 40999,
    status: 409,
    message: {
      'zh-tw': '此退款所屬的付款尚未入帳，請稍後再送',
      'zh-cn': '此退款所属的付款尚未入账，请稍后再发送',
      en: 'The payment this refund belongs to is not recorded yet; send it again later',
    },
  },
  SESSION_PRICED: {
    code: 40981,
    status: 409,
    message: {
      'zh-tw': '此場次需付費，請在報名時選擇或聯絡主辦單位',
      'zh-cn': '此场次需付费，请在报名时选择或联系主办单位',
      en: 'This session has a fee: choose it when signing up, or contact the organiser',
    },
  },
} as const;
