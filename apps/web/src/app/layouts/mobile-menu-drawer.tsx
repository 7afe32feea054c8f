import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The phone layout's menu, sliding in from the left. */
export function MobileMenuDrawer(props: { open: boolean; onClose(): void; children: ReactNode }) {
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      placement="left"
      size={240}
      closable={false}
      styles={{ body: { padding: 0 } }}
    >
      {props.children}
    </Drawer>
  );
}
